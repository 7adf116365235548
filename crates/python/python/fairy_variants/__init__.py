"""Fairy chess variants for Python, over the Rust rule engines of the ``fairy`` workspace.

``Board`` is a python-chess-like game object; ``variants``, ``start_position``,
``legal_moves``, ``position_after`` and ``game_result`` are stateless helpers in the style
of pyffish; ``legal_action_mask``/``observation`` and the environments in
``fairy_variants.env`` are the reinforcement-learning layer; ``play_games`` plays many games
in Rust with the GIL released; ``Match`` is a game between two players through the game
driver (clocks, resignation, draw offers, one ``Termination``). See docs/python.md.
"""

from __future__ import annotations

import numpy as np

from . import _native
from ._native import (
    ArgumentError,
    FairyError,
    GameError,
    Match,
    Move,
    MoveError,
    Outcome,
    PositionError,
    RecordError,
    Score,
    SquareError,
    Termination,
    UnknownVariantError,
    description,
    game_result,
    legal_moves,
    play_games,
    position_after,
    start_position,
    variant_info,
    variants,
)

__all__ = [
    "ArgumentError",
    "Board",
    "FairyError",
    "GameError",
    "Match",
    "Move",
    "MoveError",
    "Outcome",
    "PositionError",
    "RecordError",
    "Score",
    "SquareError",
    "Termination",
    "UnknownVariantError",
    "action_size",
    "description",
    "game_result",
    "legal_moves",
    "observation_shape",
    "play_games",
    "position_after",
    "start_position",
    "variant_info",
    "variants",
]

_INFO: dict = {}


def _info(variant: str) -> dict:
    info = _INFO.get(variant)
    if info is None:
        info = _INFO[variant] = variant_info(variant)
    return info


def action_size(variant: str) -> int:
    """The number of actions of ``variant``: squares x squares x suffix choices."""
    return _info(variant)["action_size"]


def observation_shape(variant: str) -> tuple:
    """The shape of ``Board.observation()`` for ``variant``: (planes, squares)."""
    return tuple(_info(variant)["observation_shape"])


class Board(_native.Board):
    """A game of a variant: a position with the moves that led to it.

    ``Board(variant, position=None)`` starts from ``position`` (the variant's notation) or
    from the start position. See docs/python.md for the whole interface.
    """

    def legal_action_mask(self) -> np.ndarray:
        """A bool array of ``action_size`` entries, True for the actions of legal moves."""
        return np.frombuffer(self._legal_action_mask_bytes(), dtype=np.uint8).astype(bool)

    def observation(self) -> np.ndarray:
        """The float32 planes of the position, shape ``observation_shape(variant)``."""
        shape = observation_shape(self.variant)
        return np.frombuffer(self._observation_bytes(), dtype="<f4").reshape(shape).copy()

    @property
    def observation_shape(self) -> tuple:
        """(planes, squares) of ``observation()``."""
        return observation_shape(self.variant)
