"""A tabletop game as a PettingZoo ``AECEnv``: one agent per seat the bots do not hold, named
after the seat (P1, P2, ...), acting in the order the rules give (a question asked of
another seat makes that seat's agent the next to act)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv

from tabletop.env.episode import Episode
from tabletop.env.face import Face

Observed = dict[str, NDArray[Any]]


class TabletopAEC(Face, AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """See ``tabletop.env.aec_env``."""

    metadata = {"render_modes": ["ansi", "human"], "name": "tabletop", "is_parallelizable": False}

    def __init__(self, episode: Episode, render_mode: str | None = None) -> None:
        super().__init__()
        self.episode = episode
        self.metadata = {**self.metadata, "name": f"tabletop-{episode.game.id}"}
        self.render_mode = render_mode
        names = [f"P{s + 1}" for s in range(episode.players)]
        self._seat = {names[s]: s for s in episode.agents}
        self.possible_agents = [names[s] for s in episode.agents]
        size = episode.size
        n = episode.coding.observation.size
        box = spaces.Box(low=-1.0, high=1.0, shape=(n,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self._observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                    for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seed: int | None = None
        self._draws = np.random.default_rng()
        self.agents: list[str] = []

    # --- what an agent sees and may do -----------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def observe(self, agent: str) -> Observed:
        seat = self._seat[agent]
        return {"observation": self.episode.observation(seat),
                "action_mask": self.episode.mask(seat)}


    @property
    def state_now(self) -> Any:
        """The game itself (tabletop.State), for tests and tools; an agent reads observe()."""
        return self.episode.state

    # --- the loop --------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None
              ) -> None:
        if seed is not None:
            self._draws = np.random.default_rng(seed)
        game_seed = int(self._draws.integers(0, 2**62)) if seed is None else int(seed)
        self.episode.reset(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        ep = self.episode
        if ep.over:
            ended = {f"P{s + 1}": r for s, r in ep.rewards().items()}
            for a in self.agents:
                self.rewards[a] = ended.get(a, 0.0)
                if ep.forfeit is not None:
                    self.infos[a] = {"illegal_move": self._seat[a] == ep.forfeit}
                if ep.truncated:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
            self.agent_selection = self.agents[0]
            return
        seat = ep.to_move
        assert seat is not None
        self.agent_selection = f"P{seat + 1}"

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.episode.play(action)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        """Nothing is held open: the game lives in memory."""
