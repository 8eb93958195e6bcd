"""Every game an environment for learning agents (tabletop.env): PettingZoo's and Gymnasium's
own checks, the same seed giving the same episode, the table of actions holding every move the
rules make, and nothing a seat may not see entering its observation."""

from __future__ import annotations

import hashlib
import random
import warnings
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import tabletop
import tabletop.env as tenv
from tabletop.env.coding import coding_for
from tabletop.errors import BotError, IllegalMoveError, OptionError, PlayerCountError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.yaml"))

# every shipped game at two player counts (the solo games at their one, and push-to-five's
# solo variant beside its smallest table)
TABLES = [("scoundrel", 1), ("pyramide-escape", 1), ("push-to-five", 1), ("push-to-five", 3),
          ("expedition-rivale", 2), ("arcane-duel", 2), ("arcane-duel", 3),
          ("arcane-arena", 2), ("arcane-arena", 4), ("aria", 2), ("aria", 3),
          ("deck-menteur", 2), ("deck-menteur", 4), ("coffre-et-cle", 4),
          ("coffre-et-cle", 6)]
SOLO = ["scoundrel", "pyramide-escape", "push-to-five"]

# advice PettingZoo's api_test gives every environment whose observation is a dict with an
# action mask (its own card games' too) and whose agents are not named player_0: the issue
# asks for agents named after the seats
ADVICE = ("Observation is not a NumPy array",
          "Observation space for each agent probably should be",
          "We recommend agents to be named")


def _masked_random_episode(env: tenv.TabletopAEC, seed: int) -> list[tuple[str, str, float]]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for agent in env.agent_iter():
        obs, reward, done, cut, _info = env.last()
        if done or cut:
            out.append((agent, "end", float(reward)))
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(rng.choice(legal))
        out.append((agent, env.action_text(a), float(reward)))
        env.step(a)
    return out


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_pettingzoo_api_and_seed_tests_pass(game: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        api_test(tenv.aec_env(game, players=players), num_cycles=1000)
        seed_test(lambda: tenv.aec_env(game, players=players), num_cycles=300)
    other = [str(w.message) for w in said if not str(w.message).startswith(ADVICE)]
    assert other == []


@pytest.mark.parametrize("game", SOLO)
def test_gymnasium_env_checker_passes_for_solo_games(game: str) -> None:
    env = tenv.gym_env(game)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=True)
    assert [str(w.message) for w in said if "render modes" not in str(w.message)] == []


@pytest.mark.parametrize(("game", "players"), [("deck-menteur", 3), ("arcane-duel", 2),
                                               ("scoundrel", 1)])
def test_the_same_seed_gives_the_same_episode(game: str, players: int) -> None:
    one = _masked_random_episode(tenv.aec_env(game, players=players), seed=11)
    two = _masked_random_episode(tenv.aec_env(game, players=players), seed=11)
    other = _masked_random_episode(tenv.aec_env(game, players=players), seed=12)
    assert one == two
    assert one != other
    assert one[-1][1] == "end"


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_every_move_the_rules_make_has_its_action(game: str, players: int) -> None:
    """Games the survey never played (other seeds): every legal move is in the table, its
    action's text plays that very move, and no two legal moves share an action."""
    g = tabletop.load(game)
    table = coding_for(g, players, {}).actions
    for seed in range(500, 512):
        st = g.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            legal = st.legal_moves()
            actions = [table.lookup(m) for m in legal]
            missing = [m.text for m, a in zip(legal, actions, strict=True) if a is None]
            assert missing == []
            assert len(set(actions)) == len(actions)
            pick = rng.randrange(len(legal))
            assert st.parse_move(table.text(actions[pick])) is legal[pick]  # type: ignore
            st.play(legal[pick])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_ruleset_by_path_is_an_environment_too(path: Path) -> None:
    g = tabletop.load(path)
    players = max(g.spec.min_players, 2) if g.spec.max_players > 1 else 1
    env = tenv.aec_env(path, players=players)
    episode = _masked_random_episode(env, seed=3)
    assert episode[-1][1] == "end"
    assert {a for a, _, _ in episode} == set(env.possible_agents)


@pytest.mark.parametrize(("game", "players"), [("deck-menteur", 3), ("coffre-et-cle", 5),
                                               ("arcane-duel", 3), ("expedition-rivale", 2),
                                               ("scoundrel", 1), ("pyramide-escape", 1),
                                               ("push-to-five", 2), ("aria", 2),
                                               (str(ROOT / "docs/examples/signal-fires.yaml"), 3),
                                               (str(ROOT / "docs/examples/foghorn.yaml"), 3),
                                               (str(ROOT / "docs/examples/lantern-row.yaml"), 3)])
def test_nothing_a_seat_may_not_see_enters_its_observation(game: str, players: int) -> None:
    """The cards a seat cannot see dealt again (determinize, as `tabletop check` does): its
    observation and its mask stay the same, number for number."""
    env = tenv.aec_env(game, players=players)
    coding = env.episode.coding
    rng = random.Random(5)
    checked = 0
    for seed in range(8):
        env.reset(seed=seed)
        for n, _agent in enumerate(env.agent_iter()):
            obs, _r, done, cut, _i = env.last()
            if done or cut:
                env.step(None)
                continue
            st = env.state_now
            if n % 4 == 0:
                for seat in range(players):
                    world = st.determinize(seat, rng)
                    again = np.asarray(coding.observation.encode(
                        world.view(seat), seat, world.current_player == seat), np.float32)
                    assert np.array_equal(again, env.observe(f"P{seat + 1}")["observation"])
                    if seat == st.current_player:
                        legal = sorted(coding.actions.lookup(m) for m in world.legal_moves())
                        assert legal == list(np.flatnonzero(obs["action_mask"]))
                    checked += 1
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert checked > 12


def test_bots_take_the_opponents_seats_and_agents_the_others() -> None:
    env = tenv.aec_env("deck-menteur", players=3, opponents={"P2": "mcts:iterations=10"})
    assert env.possible_agents == ["P1", "P3"]
    acted = {a for a, _, _ in _masked_random_episode(env, seed=4)}
    assert acted == {"P1", "P3"}
    assert any(s == 1 for s in (_seat_of_move(e) for e in env.state_now.log) if s is not None)


def _seat_of_move(event: tabletop.Event) -> int | None:
    return event.seat


def test_a_gym_env_of_a_table_gives_the_other_seats_to_random_bots() -> None:
    env = tenv.gym_env("push-to-five", players=3, seat="P2")
    obs, info = env.reset(seed=2)
    assert env.episode.agents == [1]
    total, done, cut = 0.0, False, False
    while not (done or cut):
        a = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, done, cut, info = env.step(a)
        total += reward
    assert total in (-1.0, 0.0, 1.0)
    o = env.episode.state.outcome
    assert o is not None and total == (1.0 if 1 in o.winners else -1.0 if o.winners else 0.0)


def test_rewards_follow_the_outcome() -> None:
    env = tenv.aec_env("expedition-rivale", players=2)
    got: dict[str, float] = {}
    env.reset(seed=9)
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        if done or cut:
            got[agent] = float(reward)
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    o = env.state_now.outcome
    assert o is not None
    want = {f"P{s + 1}": 1.0 if s in o.winners else (-1.0 if o.winners else 0.0)
            for s in range(2)}
    assert got == want


def test_score_reward_is_the_score_over_its_bounds() -> None:
    env = tenv.gym_env("scoundrel", reward="score")
    obs, _ = env.reset(seed=1)
    done = cut = False
    reward = 0.0
    while not (done or cut):
        obs, reward, done, cut, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    o = env.episode.state.outcome
    lo, hi = env.episode.game.spec.score_bounds  # type: ignore[misc]
    assert o is not None and reward == pytest.approx((o.scores[0] - lo) / (hi - lo))


def test_an_action_the_mask_forbids_loses_the_game_or_raises() -> None:
    env = tenv.aec_env("deck-menteur", players=2)
    env.reset(seed=1)
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    mover = env.agent_selection
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[mover] == -1.0 and env.infos[mover] == {"illegal_move": True}
    strict = tenv.aec_env("deck-menteur", players=2, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalMoveError, match=r"is not legal now; a legal one: "):
        strict.step(bad)
    with pytest.raises(IllegalMoveError, match="whole number"):
        strict.step("lay")


def test_the_table_of_actions_is_listed_in_a_stable_order() -> None:
    env = tenv.aec_env("scoundrel")
    table = env.actions()
    assert table[:3] == ["fight 2S", "fight 3S", "fight 4S"] and "avoid" in table
    assert [env.action_text(i) for i in range(len(table))] == table
    assert tenv.aec_env("scoundrel").actions() == table
    assert env.action_space("P1").n == len(table)  # type: ignore[attr-defined]


def test_max_moves_truncates() -> None:
    env = tenv.gym_env("arcane-duel", players=2, max_moves=10)
    obs, _ = env.reset(seed=3)
    cut = done = False
    steps = 0
    while not (cut or done):
        obs, reward, done, cut, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert cut and not done and reward == 0.0
    assert len(env.episode.state.history) == 10


def test_observation_names_say_each_number() -> None:
    env = tenv.aec_env("deck-menteur", players=3)
    names = env.observation_names()
    assert len(names) == env.observation_space("P1")["observation"].shape[0]
    assert names[0] == "to_move"
    assert "hand:7C" in names and "packs[me]" in names and "packs[+2]" in names
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)["observation"]
    hand = env.state_now.view(int(env.agent_selection[1:]) - 1)["hand"]
    shown = {n.split(":", 1)[1] for n, v in zip(names, obs, strict=True)
             if n.startswith("hand:") and v}
    assert shown == set(hand)


def test_render_draws_the_board_of_the_seat_to_move() -> None:
    env = tenv.gym_env("scoundrel", render_mode="ansi")
    env.reset(seed=7)
    text = env.render()
    assert text is not None and "fight" in text
    room = env.episode.state.view(0)["room"]
    assert len(room) == 4


def test_wrong_arguments_get_one_sentence() -> None:
    with pytest.raises(PlayerCountError, match="played by 1 to 1 players"):
        tenv.aec_env("scoundrel", players=2)
    with pytest.raises(OptionError, match="no seat 'P5' at 3 players"):
        tenv.aec_env("deck-menteur", players=3, opponents={"P5": "random"})
    with pytest.raises(OptionError, match="named P1 to P3"):
        tenv.aec_env("deck-menteur", players=3, opponents={"north": "random"})
    with pytest.raises(OptionError, match="at least one seat"):
        tenv.aec_env("deck-menteur", players=2, opponents={"P1": "random", "P2": "random"})
    with pytest.raises(OptionError, match="reward must be one of win, score, bots"):
        tenv.gym_env("scoundrel", reward="money")
    with pytest.raises(OptionError, match="the agent's own seat"):
        tenv.gym_env("push-to-five", players=2, opponents={"P1": "random"})
    env = tenv.aec_env("deck-menteur", players=2, opponents={"P2": "mcts:iterations"})
    with pytest.raises(BotError, match="name=number"):
        env.reset(seed=1)
    env = tenv.aec_env("deck-menteur", players=2, opponents={"P2": "wizard"})
    with pytest.raises(BotError, match="wizard"):
        env.reset(seed=1)
    with pytest.raises(tabletop.UnknownGameError):
        tenv.aec_env("no-such-game")


def test_a_hand_the_view_shows_as_text_is_read_as_its_cards() -> None:
    """Signal Fires shows each hand as a line (``1:O5  2:I4``): the observation counts the
    cards the line names, for every hand but the seat's own, which it may not see."""
    env = tenv.aec_env(ROOT / "docs/examples/signal-fires.yaml", players=2)
    env.reset(seed=1)
    names = env.observation_names()
    obs = env.observe("P1")["observation"]
    mine = {n for n, v in zip(names, obs, strict=True) if n.startswith("hands[me]~") and v}
    theirs = {n.split("~")[1] for n, v in zip(names, obs, strict=True)
              if n.startswith("hands[+1]~") and v}
    assert mine == set()
    line = env.state_now.view(0)["hands"][1]
    assert theirs == {w.split(":")[1] for w in line.split()} and len(theirs) >= 3


# what an agent trained today was given: the size and a digest of each game's table of actions
# and of its observation's names. A change to either (a ruleset's new view key, a new move, a
# change to the survey) changes what a trained agent's numbers mean: regenerate on purpose,
# and say so in the commit.
PINNED = [
    ("scoundrel", 1, 177, "7dc881dccb50", 146, "96d1fb20dde1"),
    ("pyramide-escape", 1, 866, "f6680182af33", 119, "23369ecf03fe"),
    ("push-to-five", 2, 9, "a36ec8ce8a33", 30, "2bb039b23583"),
    ("expedition-rivale", 2, 92, "c662695a2c75", 140, "13e7e9a5d668"),
    ("arcane-duel", 2, 364, "9067f31e4dcd", 75, "cb157d173b91"),
    ("arcane-arena", 2, 88, "6cde47157dd5", 66, "9ff5428d935e"),
    ("aria", 2, 84, "e23e00e6ddf5", 54, "1a3a99b82371"),
    ("deck-menteur", 3, 58, "8c46677e2402", 360, "b8254b2a6670"),
    ("coffre-et-cle", 4, 37, "a19bb579c3db", 142, "2e558a07b878"),
]


def _digest(words: list[str]) -> str:
    return hashlib.sha256("\n".join(words).encode()).hexdigest()[:12]


@pytest.mark.parametrize(("game", "players", "actions", "table", "numbers", "names"), PINNED)
def test_the_table_and_the_observation_stay_what_agents_were_trained_on(
        game: str, players: int, actions: int, table: str, numbers: int, names: str) -> None:
    env = tenv.aec_env(game, players=players)
    assert (len(env.actions()), _digest(env.actions())) == (actions, table)
    assert (len(env.observation_names()), _digest(env.observation_names())) == (numbers, names)
