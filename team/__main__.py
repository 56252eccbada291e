"""`python -m team sync --quiet`: the background sync `hooks/background.py` starts.

It runs through the `team` package alone (no `tui`), so the hook's background job
needs nothing of the app or the `memlane` command.
"""

import sys

from team.background import sync_quietly

if sys.argv[1:] != ["sync", "--quiet"]:
    sys.exit("usage: python -m team sync --quiet  (the background sync; people run `memlane team sync`)")
sys.exit(sync_quietly())
