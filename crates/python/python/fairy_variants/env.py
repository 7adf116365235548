"""Reinforcement-learning environments over ``fairy_variants.Board``.

``FairyEnv`` is a Gymnasium-style single-agent environment (the agent plays one side, a
random or engine opponent the other); ``FairyAECEnv`` is a PettingZoo AEC two-player
environment. Both subclass the real ``gymnasium.Env`` / ``pettingzoo.AECEnv`` when those
packages are installed and implement the same protocol without them.

Observations are ``Board.observation()`` arrays (float32, shape (planes, squares)); actions
are indices of the variant's fixed action coding (``Board.move_to_action``). Regicide plays
three sub-moves a turn: each sub-move is one step, and the agent keeps moving while it is
its side's turn. An illegal action ends the episode with reward -1 for the side that played
it (``info["illegal"] = True``). Rewards: +1 win, -1 loss, 0 draw or cut at ``max_plies``
(then ``truncated``).
"""

from __future__ import annotations

import random as _random
from typing import Any, Optional

import numpy as np

from . import Board, action_size, observation_shape

try:  # pragma: no cover - depends on the environment
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
except ImportError:  # pragma: no cover
    _gym = None
    _spaces = None

try:  # pragma: no cover
    from pettingzoo import AECEnv as _AECBase
except ImportError:  # pragma: no cover
    _AECBase = object

_EnvBase = _gym.Env if _gym is not None else object


def _spaces_for(variant: str):
    if _spaces is None:
        return None, None
    obs = _spaces.Box(0.0, 1.0, shape=observation_shape(variant), dtype=np.float32)
    return obs, _spaces.Discrete(action_size(variant))


class FairyEnv(_EnvBase):
    """Single-agent environment: ``reset(seed=None) -> (obs, info)``,
    ``step(action) -> (obs, reward, terminated, truncated, info)``; ``info["action_mask"]``
    is the legal action mask for the agent's next move.

    ``opponent`` is ``"random"`` or ``"engine"`` (searching ``opponent_depth`` plies);
    ``agent_side`` 0 plays first, 1 second.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, variant: str, agent_side: int = 0, opponent: str = "random",
                 opponent_depth: int = 1, max_plies: int = 400, position: Optional[str] = None):
        if opponent not in ("random", "engine"):
            raise ValueError(f"opponent must be 'random' or 'engine', not {opponent!r}")
        if agent_side not in (0, 1):
            raise ValueError(f"agent_side must be 0 or 1, not {agent_side!r}")
        self.variant = variant
        self.agent_side = agent_side
        self.opponent = opponent
        self.opponent_depth = opponent_depth
        self.max_plies = max_plies
        self.position = position
        self.board = Board(variant, position)
        self.observation_space, self.action_space = _spaces_for(variant)
        self._rng = _random.Random()

    def _opponent_moves(self) -> None:
        while not self.board.is_game_over() and self.board.turn != self.agent_side \
                and len(self.board.move_stack) < self.max_plies:
            if self.opponent == "engine":
                mv = self.board.engine_move(depth=self.opponent_depth)
            else:
                mv = self.board.random_move(self._rng.getrandbits(63))
            if mv is None:
                break
            self.board.push(mv)

    def _reward(self) -> float:
        o = self.board.outcome()
        if o is None or o.winner is None:
            return 0.0
        return 1.0 if o.winner == self.agent_side else -1.0

    def _info(self) -> dict:
        return {"action_mask": self.board.legal_action_mask(), "position": self.board.position()}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        if _gym is not None:
            super().reset(seed=seed)
        if seed is not None:
            self._rng.seed(seed)
        self.board = Board(self.variant, self.position)
        self._opponent_moves()
        return self.board.observation(), self._info()

    def step(self, action: int):
        try:
            self.board.push_action(int(action))
        except ValueError:
            info = self._info()
            info["illegal"] = True
            return self.board.observation(), -1.0, True, False, info
        self._opponent_moves()
        terminated = self.board.is_game_over()
        truncated = not terminated and len(self.board.move_stack) >= self.max_plies
        return self.board.observation(), self._reward(), terminated, truncated, self._info()

    def render(self) -> str:
        return str(self.board)


class FairyAECEnv(_AECBase):
    """PettingZoo AEC environment for two players, ``player_0`` (first side) and
    ``player_1``. ``observe(agent)`` returns ``{"observation", "action_mask"}``
    (``action_mask`` as int8, PettingZoo's convention)."""

    metadata = {"render_modes": ["ansi"], "name": "fairy_variants_v0", "is_parallelizable": False}

    def __init__(self, variant: str, max_plies: int = 400, position: Optional[str] = None,
                 render_mode: Optional[str] = None):
        if _AECBase is not object:
            super().__init__()
        self.variant = variant
        self.max_plies = max_plies
        self.position = position
        self.render_mode = render_mode
        self.possible_agents = ["player_0", "player_1"]
        obs, act = _spaces_for(variant)
        if _spaces is not None:
            obs = _spaces.Dict({
                "observation": obs,
                "action_mask": _spaces.Box(0, 1, shape=(action_size(variant),), dtype=np.int8),
            })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: act for a in self.possible_agents}
        self.board = Board(variant, position)
        self.reset()

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict:
        mask = self.board.legal_action_mask().astype(np.int8)
        if agent != self.agent_selection:
            mask = np.zeros_like(mask)
        return {"observation": self.board.observation(), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self.board = Board(self.variant, self.position)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.board.turn]

    def _clear(self) -> None:
        for a in self.agents:
            self.rewards[a] = 0.0

    def _accumulate(self) -> None:
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r

    def _finish_dead(self) -> None:
        # PettingZoo's protocol: a finished agent gets one last step(None), then leaves.
        agent = self.agent_selection
        self.agents.remove(agent)
        for table in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
            del table[agent]
        if self.agents:
            self.agent_selection = self.agents[0]
        self._clear()

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._finish_dead()
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear()
        me = self.possible_agents.index(agent)
        try:
            self.board.push_action(int(action))
        except (ValueError, TypeError):
            self.rewards[agent] = -1.0
            self.rewards[self.possible_agents[1 - me]] = 0.0
            self.infos[agent] = {"illegal": True}
            for a in self.agents:
                self.terminations[a] = True
            self._accumulate()
            return
        if self.board.is_game_over():
            o = self.board.outcome()
            if o is not None and o.winner is not None:
                self.rewards[self.possible_agents[o.winner]] = 1.0
                self.rewards[self.possible_agents[1 - o.winner]] = -1.0
            for a in self.agents:
                self.terminations[a] = True
        elif len(self.board.move_stack) >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
        self.agent_selection = self.possible_agents[self.board.turn]
        self._accumulate()

    def last(self, observe: bool = True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        if agent not in self._cumulative_rewards:
            return obs, 0.0, True, False, {}
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def render(self) -> str:
        return str(self.board)

    def close(self) -> None:
        pass


def env(variant: str, **kwargs) -> FairyAECEnv:
    """The PettingZoo AEC environment (``FairyAECEnv(variant, **kwargs)``)."""
    return FairyAECEnv(variant, **kwargs)
