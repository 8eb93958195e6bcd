"""What the learning environments (tabletop.env, the ``rl`` extra) give and cost, for a few
games. Prints figures; asserts nothing.

    python benchmarks/rl_env.py [--games N] [--mcts-games N] [--seconds S] [--quick]

For each case (scoundrel solo through ``gym_env``; push-to-five at 2 players and deck-menteur
at 3 through ``aec_env``, every seat an agent):

- the mean return (``reward="win"``: +1 a win, -1 a loss, 0 nobody won; for scoundrel
  ``reward="score"``, the score in [0, 1] over its bounds, -221 to 30) of seat P1 played by
  a uniformly random masked agent, and by mcts (50 iterations, no time limit) deciding through
  ``tabletop.bots.decide`` on the episode's state and mapped back to its action; the other
  seats are uniformly random masked agents. Episodes use the seeds 0, 1, 2, ... so the same
  run gives the same returns;
- env steps per second of the random agents (reset, observe/last, the mask, step), beside the
  engine's own random playouts (``state.play(rng.choice(state.legal_moves()))``) on the same
  game, and the ratio of the two: what the adapter costs per move.

Times are CPU seconds of this process (``time.process_time``), as benchmarks/playouts.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import tabletop
import tabletop.env
from tabletop.bots import decide, make_bot

clock = time.process_time  # CPU seconds of this process

# name, game, players, adapter, reward (scoundrel is so rarely won that a win reward shows
# nothing: its score, in [0, 1] over the ruleset's score bounds, tells the agents apart)
CASES: list[tuple[str, str, int, str, str]] = [
    ("scoundrel/1 gym", "scoundrel", 1, "gym", "score"),
    ("push-to-five/2 aec", "push-to-five", 2, "aec", "win"),
    ("deck-menteur/3 aec", "deck-menteur", 3, "aec", "win")]

# an agent: (env, seat, observation, rng) -> action
Agent = Callable[[Any, int, dict[str, Any], np.random.Generator], int]


def random_agent(env: Any, seat: int, obs: dict[str, Any], rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(obs["action_mask"])))


def mcts_agent(seed: int) -> Agent:
    bot = make_bot("mcts", seed=seed, iterations=50, seconds=0)

    def agent(env: Any, seat: int, obs: dict[str, Any], rng: np.random.Generator) -> int:
        move = decide(bot, env.episode.state, seat)
        action = env.episode.coding.actions.lookup(move)
        assert action is not None, move.text
        return int(action)

    return agent


def gym_episode(env: Any, seed: int, agent: Agent) -> tuple[float, int]:
    """One episode: P1's return and the steps played."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        obs, r, term, trunc, _ = env.step(agent(env, 0, obs, rng))
        total += float(r)
        steps += 1
        done = term or trunc
    return total, steps


def aec_episode(env: Any, seed: int, agent: Agent) -> tuple[float, int]:
    """One episode, P1 played by ``agent`` and the other agents at random: P1's return and
    the steps played (the steps of a finished agent left out)."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps, total = 0, 0.0
    for name in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        if name == "P1":
            total += float(r)
        if term or trunc:
            env.step(None)
            continue
        seat = int(name[1:]) - 1
        play = agent if seat == 0 else random_agent
        env.step(play(env, seat, obs, rng))
        steps += 1
    return total, steps


def make_env(game: str, players: int, adapter: str, reward: str) -> Any:
    if adapter == "gym":
        return tabletop.env.gym_env(game, players=players, reward=reward)
    return tabletop.env.aec_env(game, players=players, reward=reward)


def returns(env: Any, adapter: str, games: int, agent_of: Callable[[int], Agent]
            ) -> tuple[float, float]:
    """Mean and standard error of P1's return over seeds 0..games-1, and the CPU seconds."""
    run = gym_episode if adapter == "gym" else aec_episode
    got = [run(env, seed, agent_of(seed))[0] for seed in range(games)]
    sem = statistics.stdev(got) / len(got) ** 0.5 if len(got) > 1 else 0.0
    return statistics.fmean(got), sem


def env_steps_per_second(env: Any, adapter: str, seconds: float) -> float:
    run = gym_episode if adapter == "gym" else aec_episode
    steps, seed = 0, 0
    start = clock()
    while clock() - start < seconds:
        steps += run(env, 10_000 + seed, random_agent)[1]
        seed += 1
    return steps / (clock() - start)


def engine_moves_per_second(game_id: str, players: int, seconds: float) -> float:
    game = tabletop.load(game_id)
    rng = random.Random(1)
    moves, seed = 0, 0
    start = clock()
    while clock() - start < seconds:
        st = game.new_game(players=players, seed=10_000 + seed)
        while not st.is_over:
            st.play(rng.choice(st.legal_moves()))
            moves += 1
        seed += 1
    return moves / (clock() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200,
                   help="episodes for the random agent's mean return (seeds 0..N-1)")
    p.add_argument("--mcts-games", type=int, default=None,
                   help="episodes for mcts's mean return (default: games / 10, at least 4)")
    p.add_argument("--seconds", type=float, default=3.0, help="time per speed measurement")
    p.add_argument("--quick", action="store_true",
                   help="a smoke run: 20 random episodes, 3 mcts ones, 0.5 s per speed")
    a = p.parse_args()
    games, seconds = a.games, a.seconds
    mcts_games = a.mcts_games if a.mcts_games is not None else max(4, games // 10)
    if a.quick:
        games, mcts_games, seconds = 20, 3, 0.5
    print("mean return of P1 (± standard error) over seeds 0..N-1 (reward: win, +1 win and "
          "-1 loss; scoundrel: score, in [0, 1]); speeds in CPU seconds")
    print(f"{'case':20} {'actions':>7} {'obs':>5} {'random (N)':>19} {'mcts:50 (N)':>19} "
          f"{'env steps/s':>11} {'engine moves/s':>14} {'overhead':>8}")
    for name, game, players, adapter, reward in CASES:
        start = clock()
        env = make_env(game, players, adapter, reward)
        built = clock() - start
        rnd, rnd_se = returns(env, adapter, games, lambda s: random_agent)
        mcts, mcts_se = returns(env, adapter, mcts_games, mcts_agent)
        env_rate = env_steps_per_second(env, adapter, seconds)
        engine_rate = engine_moves_per_second(game, players, seconds)
        print(f"{name:20} {len(env.actions()):7d} {len(env.observation_names()):5d} "
              f"{rnd:+6.3f} ±{rnd_se:.3f} ({games:3d}) {mcts:+6.3f} ±{mcts_se:.3f} "
              f"({mcts_games:3d}) {env_rate:11.0f} {engine_rate:14.0f} "
              f"x{engine_rate / env_rate:7.1f}")
        print(f"{'':20} (reward={reward}; coding built in {built:.2f} s: the survey's games)")


if __name__ == "__main__":
    main()
