"""A learning agent for Push to Five in plain numpy (docs/rl.md): tabular Monte Carlo
control against the random bot, then its win rate beside a random agent's over the same
seeded games.

    python docs/examples/rl_train.py [EPISODES] [GAMES]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np

import tabletop.env

Policy = Callable[[dict[str, Any], np.random.Generator], int]


def make_env() -> Any:
    return tabletop.env.gym_env("push-to-five", players=2, opponents={"P2": "random"})


def random_policy(obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def train(episodes: int, seed: int, epsilon: float = 0.1) -> Policy:
    """Monte Carlo control on a small table: the state is the turn's points (in 20 steps of
    the observation's ``turn_points``) and the moves allowed; every decision of an episode
    learns its final reward, +1 a win and -1 a loss."""
    env, rng = make_env(), np.random.default_rng(seed)
    at = env.observation_names().index("turn_points")
    q: dict[tuple[int, bytes], np.ndarray] = {}
    seen: dict[tuple[int, bytes], np.ndarray] = {}

    def key(obs: dict[str, Any]) -> tuple[int, bytes]:
        return round(float(obs["observation"][at]) * 20), obs["action_mask"].tobytes()

    def best(obs: dict[str, Any]) -> int:
        values = q.get(key(obs), np.zeros(len(obs["action_mask"])))
        return int(np.argmax(np.where(obs["action_mask"] == 1, values, -np.inf)))

    for episode in range(episodes):
        obs, _ = env.reset(seed=seed * 1_000_000 + episode)
        visits, done, ret = [], False, 0.0
        while not done:
            a = random_policy(obs, rng) if rng.random() < epsilon else best(obs)
            visits.append((key(obs), a))
            obs, ret, term, trunc, _ = env.step(a)
            done = term or trunc
        for k, a in visits:
            n = len(obs["action_mask"])
            values, count = q.setdefault(k, np.zeros(n)), seen.setdefault(k, np.zeros(n))
            count[a] += 1
            values[a] += (ret - values[a]) / count[a]
    return lambda obs, rng: best(obs)


def evaluate(policy: Policy, games: int, seed: int) -> float:
    """The policy's win rate as P1 over the games seeded seed, seed + 1, ..."""
    env, rng, wins = make_env(), np.random.default_rng(seed), 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done, ret = False, 0.0
        while not done:
            obs, ret, term, trunc, _ = env.step(policy(obs, rng))
            done = term or trunc
        wins += ret > 0
    return wins / games


if __name__ == "__main__":
    episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    policy = train(episodes, seed=0)
    print(f"trained ({episodes} episodes): {evaluate(policy, games, seed=10**9):.3f}")
    print(f"random:                 {evaluate(random_policy, games, seed=10**9):.3f}")
