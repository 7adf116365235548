"""Type stubs of fairy_variants."""

from typing import Tuple

import numpy as np

from . import _native
from ._native import (
    ArgumentError as ArgumentError,
    FairyError as FairyError,
    GameError as GameError,
    Match as Match,
    Move as Move,
    MoveError as MoveError,
    Outcome as Outcome,
    PositionError as PositionError,
    RecordError as RecordError,
    Score as Score,
    SquareError as SquareError,
    Termination as Termination,
    UnknownVariantError as UnknownVariantError,
    description as description,
    game_result as game_result,
    legal_moves as legal_moves,
    play_games as play_games,
    position_after as position_after,
    start_position as start_position,
    variant_info as variant_info,
    variants as variants,
)

def action_size(variant: str) -> int: ...
def observation_shape(variant: str) -> Tuple[int, int]: ...

class Board(_native.Board):
    def legal_action_mask(self) -> np.ndarray: ...
    def observation(self) -> np.ndarray: ...
    @property
    def observation_shape(self) -> Tuple[int, int]: ...
    def copy(self) -> "Board": ...
