"""The `memlane` commands: CLI parsing and rendering, install, doctor, import, demo.

Nothing here imports textual; the app is opened through `tui.gui.app.run_app` only.
"""
