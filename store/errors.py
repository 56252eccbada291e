"""The base of every error a person can cause or fix (as harlequin's HarlequinError).

`str(exc)` is the one sentence to show; whoever shows it (the CLI's `user_error`, the
app's notifications, the MCP tools) needs one `isinstance(exc, MemlaneError)`, not a
list of every package's error types.  A bug is never a MemlaneError.
"""


class MemlaneError(Exception):
    """A problem a user can cause or fix, said in one sentence (`str(exc)`)."""
