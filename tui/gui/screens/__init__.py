"""Full screens pushed over the panes: a session's timeline, one memory, the help screen."""
