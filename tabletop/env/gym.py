"""A tabletop game as a Gymnasium ``Env`` for one agent: a solo game, or one seat of a game
whose other seats bots play. The observation is the same dictionary as the PettingZoo
adapter's (``observation``, ``action_mask``); ``info`` holds the mask too."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from tabletop.env.episode import Episode
from tabletop.env.face import Face

Observed = dict[str, NDArray[Any]]


class TabletopGym(Face, gymnasium.Env[Observed, np.int64]):
    """See ``tabletop.env.gym_env``."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, episode: Episode, render_mode: str | None = None) -> None:
        super().__init__()
        self.episode = episode
        self.seat = episode.agents[0]
        self.render_mode = render_mode
        n = episode.coding.observation.size
        self.observation_space = spaces.Dict({  # type: ignore[assignment]
            "observation": spaces.Box(low=-1.0, high=1.0, shape=(n,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(episode.size,), dtype=np.int8)})
        self.action_space = spaces.Discrete(episode.size)

    def _observe(self) -> tuple[Observed, dict[str, Any]]:
        mask = self.episode.mask(self.seat)
        obs: Observed = {"observation": self.episode.observation(self.seat),
                         "action_mask": mask}
        return obs, {"action_mask": mask}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observed, dict[str, Any]]:
        super().reset(seed=seed)
        self.episode.reset(int(self.np_random.integers(0, 2**62)) if seed is None else seed)
        return self._observe()

    def step(self, action: Any) -> tuple[Observed, float, bool, bool, dict[str, Any]]:
        self.episode.play(action)
        ep = self.episode
        reward = ep.rewards()[self.seat] if ep.over else 0.0
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        if ep.forfeit is not None:
            info["illegal_move"] = True
        return obs, reward, ep.over and not ep.truncated, ep.truncated, info


