"""What both adapters show of their episode besides the observation: the text of an action,
the whole table, the names of the observation's numbers, and the board drawn as text."""

from __future__ import annotations

from tabletop.env.episode import Episode
from tabletop.env.render import board


class Face:
    """Mixed into TabletopAEC and TabletopGym."""

    episode: Episode
    render_mode: str | None

    def action_text(self, action: int) -> str:
        """The move an action stands for, as ``State.play`` takes it."""
        return self.episode.coding.actions.text(int(action))

    def actions(self) -> list[str]:
        """Every action's move text, by action: the whole table, in its stable order."""
        return list(self.episode.coding.actions.texts)

    def observation_names(self) -> list[str]:
        """What each number of the observation is (see docs/rl.md)."""
        return list(self.episode.coding.observation.names)

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), or printed (``"human"``): the view of
        the seat to decide with its moves; once over, every hand and the outcome."""
        text = board(self.episode)
        if self.render_mode == "human":
            print(text)
            return None
        return text
