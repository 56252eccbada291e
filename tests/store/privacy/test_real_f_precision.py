"""Precision on real part F's shapes (fixtures are our own text of the same shape)."""

from store.privacy import clean_text

UNITS = """  UNIT                                               LOAD   ACTIVE SUB     DESCRIPTION
  cups.service                                       loaded active running CUPS Scheduler
  dbus-:1.7-com.example.Daemon.Tray@0.service        loaded active running dbus-:1.7-com.example.Daemon.Tray@0.service
  dbus-:1.31-org.example.Portal.Files@0.service      loaded active running dbus-:1.31-org.example.Portal.Files@0.service
  getty@tty1.service                                 loaded active running Getty on tty1
"""


def test_a_units_instance_is_no_user_and_password_at_a_host():
    assert clean_text(UNITS) == UNITS


def test_a_password_at_a_host_stays_redacted():
    pw = "Vb7" + "qLm2x"
    for text in (f"proxy = ops:{pw}@gate.example.net", f"rsync ops:{pw}@10.0.0.5::backup ."):
        assert pw not in clean_text(text), text


PALETTE = """| Token | Night (Default) | Day Mode |
|-------|-----------------|----------|
| Canvas | `#101010` | `#F4F4F0` |
| Panel | `#1B1B1B` | `#FFFFEE` |
| Accent | `#C8A040` (brass) | `#C8A040` |
| Faint Ink | `#9A9A9A` | `#707070` |
"""


def test_a_tables_first_cell_of_words_under_a_token_header_names_its_row():
    assert clean_text(PALETTE) == PALETTE


def test_an_issued_token_under_a_token_header_stays_redacted():
    tok = "Wq8r" + "Tz3pLmN2vB7k"
    out = clean_text(f"| Token | Scope |\n|---|---|\n| {tok} | admin |\n| Service | Token |\n")
    assert tok not in out, out


PRIVILEGES = """   Name    |  Owner      | Encoding |   Access privileges
-----------+-------------+----------+------------------------
 ledger    | ledger_auth | UTF8     | =Tc/ledger_auth         +
           |             |          | ledger_auth=CTc/ledger_auth
 books     | books_auth  | UTF8     | books_auth=arwdDxt/books_auth
"""


def test_a_databases_access_privileges_are_no_secret():
    assert clean_text(PRIVILEGES) == PRIVILEGES


def test_a_csv_rows_maintenance_window_is_no_pgpass_line():
    row = ("ledger-prod-1,db.r5.large,aurora-mysql,8.0.mysql_aurora.3.05.2,1,false,true,"
           "mon:05:36-mon:06:06,eu-west-1b,default-vpc-0a1b2c3d4e5f60718\n")
    assert clean_text(row) == row
    pw = "Hq7" + "vLp2zX"
    assert pw not in clean_text(f"db.internal:5432:ledger:ops:{pw}\n")
