import numpy as np
import pytest

import fairy_variants as fv
from fairy_variants.env import FairyAECEnv, FairyEnv

VARIANTS = fv.variants()


@pytest.mark.parametrize("variant", VARIANTS)
def test_single_agent_episode_terminates(variant):
    env = FairyEnv(variant, agent_side=1, max_plies=40)
    obs, info = env.reset(seed=3)
    assert obs.shape == fv.observation_shape(variant)
    rng = np.random.default_rng(0)
    for _ in range(100):
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) > 0
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert reward in (-1.0, 0.0, 1.0)
        if terminated or truncated:
            break
    assert terminated or truncated


def test_illegal_action_ends_the_episode():
    env = FairyEnv("synthesis")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal"]


def test_bad_env_arguments():
    with pytest.raises(ValueError):
        FairyEnv("synthesis", opponent="human")
    with pytest.raises(fv.UnknownVariantError):
        FairyEnv("nope")


@pytest.mark.parametrize("variant", VARIANTS)
def test_aec_episode_terminates(variant):
    env = FairyAECEnv(variant, max_plies=30)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    for agent in env.agent_iter(max_iter=200) if hasattr(env, "agent_iter") else []:
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        steps += 1
    if not hasattr(env, "agent_iter"):
        pytest.skip("pettingzoo is not installed: the AEC loop needs its agent_iter")
    assert env.agents == [] and steps <= 40


def test_pettingzoo_api_test():
    api = pytest.importorskip("pettingzoo.test", reason="pettingzoo is not installed")
    api.api_test(FairyAECEnv("glinski", max_plies=30), num_cycles=20)


def test_gymnasium_env_checker():
    utils = pytest.importorskip("gymnasium.utils.env_checker", reason="gymnasium is not installed")
    utils.check_env(FairyEnv("chess-t1", max_plies=20), skip_render_check=True)
