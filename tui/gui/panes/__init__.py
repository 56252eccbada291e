"""The app's panes, one module each; every pane follows the contract below.

Pane contract (the app in `tui/gui/app.py` relies on exactly this, nothing more):

1. A pane is a `textual.widget.Widget` subclass built as `Pane(store)`, where
   `store` is the app's `tui.gui.store_client.StoreClient`.  The app mounts it once
   inside a `TabbedContent` tab and never unmounts it, so its state (filters,
   cursor, scroll) survives switching panes.  `Pane(store, id=..., classes=...)`
   must also work (forward `**kwargs` to `Widget.__init__`).  Every pane is
   mounted (hidden) before the first screen, so a key pressed at once finds it
   loaded; keep `__init__` and `on_mount` light: start a worker, do not query
   on the main thread (each pane's cost adds to the first screen).  Soon after
   the first screen each hidden pane is shown for a moment offscreen
   (`tui.gui.pane_warmup`: laid out, resized and drawn ahead of its first
   visit), so `on_show` / `on_resize` may run while it is hidden; use
   `is_showing(widget)` (below), which says False for it then.
2. Database work happens only in thread workers, `@work(thread=True,
   exclusive=True, group=...)`, through `store` (e.g. `store.error_groups(...)`,
   or `store.run(fn, *args)` for any `fn(conn, ...)` from `store/`).  Workers
   never touch widgets: they `post_message` one of the typed messages in
   `tui/gui/messages.py` (add yours there) and the handler draws it.  Workers run
   with `exit_on_error=False` and do not catch `StoreError`: the pane mixes in
   `tui.gui.worker_failures.WorkerFailures` (`class MyPane(WorkerFailures,
   Widget)`), whose one handler turns a worker's `StoreError` into a
   notification.  Other exceptions are bugs: they still stop the app.
3. The pane declares its own `BINDINGS` (`Binding(key, action, description,
   id="<pane>.<action>")`).  `show=True` puts a key in the footer; keys that
   do not apply right now are hidden or disabled with `check_action`.  The
   help screen (`?`) and the command palette (`ctrl+p`) list these bindings,
   so every binding needs a description.
4. Keys the app owns, do not bind them in a pane: `1`-`6`, `/`, `?`, `f1`,
   `q`, `ctrl+p`.  `escape` is free inside a pane (the app uses it on pushed
   screens only).  Tables should use `tui.gui.widgets.vim_table.VimDataTable`
   (j/k, g/G, home/end, enter, one flexible column that takes the spare
   width) or `tui.gui.widgets.paged_table.PagedTable` (`reset()`, then
   `add_page(rows, has_more=...)` per page; it posts `NeedMore(offset)` as the
   cursor nears the last row and sets `fetching` until the next page comes).
   Long lists use `PagedTable(page_size=n)`, which holds a window of a few
   pages and also posts `NeedEarlier(offset, limit)` and, for g/G,
   `NeedEdge(where)`; answer each with `place(request.where, rows, offset=...,
   has_more=...)` (see the Sessions pane).
5. Optional hooks the app calls if they exist:
   - `focus_default() -> None`: focus the pane's main widget; called each time
     the pane is shown (default: the first focusable widget in the pane, and
     the app restores whatever had focus when the person left the pane).
   - a handler for `messages.DataChanged`: the app posts it to every pane when
     another process (a hook) commits to the database (it polls
     `PRAGMA data_version` about twice a second).  Refresh if you show data
     that can change; it is cheap to ignore.
6. To show a memory in context, post `messages.OpenTimeline(session_id,
   memory_id=None)` (the session's timeline, scrolled to the memory) or
   `messages.OpenMemory(memory_id)` (the memory's detail screen); they bubble
   to the app, which pushes the screen.
7. Times: `self.app.now()` is the current time (a fixed clock in tests) and
   `self.app.tz` the zone to show times in (None = the system's local time);
   format with `tui.formatting` (`local_time`, `duration`, `ago`, `ellipsize`,
   `cell`).  `self.app.config` (`tui.gui.app.AppOptions`) holds `page_size`,
   `cursor_blink` (False in tests; the app applies it to the Inputs of panes,
   screens and modals set it on their own) and friends.
8. Styles live in `css/<pane>.tcss` (the app loads every `.tcss` file of the
   css folder, `app.tcss` first); scope rules under the pane's class name,
   e.g. `ErrorsPane DataTable { ... }`.  Destructive actions ask first with
   `tui.gui.modals.ConfirmModal`.

Panes: 1 `sessions.SessionsPane`, 2 `live.LivePane`, 3 `search.SearchPane`,
4 `errors.ErrorsPane`, 5 `cleanup.CleanupPane`, 6 `insights.InsightsPane` (a "coming soon" placeholder is
shown while a pane module cannot be imported).
"""


def is_showing(widget) -> bool:
    """The widget is on the screen in front and no tab or container hides it (a pane
    parked offscreen to be laid out ahead, `tui.gui.pane_warmup`, is hidden too)."""
    from textual.widget import Widget

    from tui.gui.pane_warmup import is_parked

    if not widget.is_mounted or widget.screen is not widget.app.screen:
        return False
    return all(node.display and not is_parked(node)
               for node in widget.ancestors_with_self if isinstance(node, Widget))  # fmt: skip
