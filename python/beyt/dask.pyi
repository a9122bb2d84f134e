# Type stubs of beyt.dask (docs/python/README.md, "Beyond one machine"); the
# docstrings are in beyt/dask.py. `python3 -m mypy.stubtest beyt` checks them.
import os
from typing import Any, List, Optional, Sequence, Tuple, Union

from . import Report, StatsReport

__all__ = ["validate", "stats", "partitions"]

BLOCKSIZE: int

_Paths = Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]]

def partitions(path: str, blocksize: Optional[int] = None, format: Optional[str] = None) -> List[Tuple[int, int]]: ...
def validate(paths_or_glob: _Paths, client: Any = None, blocksize: Optional[int] = None, *, strict: bool = False,
             game: Optional[str] = None, format: Optional[str] = None) -> Report: ...
def stats(paths_or_glob: _Paths, client: Any = None, blocksize: Optional[int] = None, *, top: int = 5,
          format: Optional[str] = None) -> StatsReport: ...
