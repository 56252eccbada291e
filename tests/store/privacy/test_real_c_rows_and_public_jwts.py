"""Real part C's shapes (other words and values): a translation table printed by a database client
(rows of a key and its text, one row's key or text a secret's word).

Where the line is drawn:
- a table's header is its FIRST line: a line with a line of as many cells right above it (tabs
  apart, or gaps at the same columns) is a row, whatever its cells say, and the rows below it are
  not read as that column's values (`signin.password<TAB>Wachtwoord` in the middle of a table of
  texts).  A header that is the table's first line still makes its column's cells secrets, words
  or not (`Sommerwind` under `password`)."""

from __future__ import annotations

from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted


# ---------------------------------------------------------------- a table's row is not its header
def test_rows_below_a_row_that_names_a_secret_are_kept():
    for text in (
            "entry\ttext\nhome.back\tTerug\nsignin.password\tWachtwoord\nsignin.button\tInloggen\n"
            "signin.heading\tWelkom terug\nfind.title\tZoeken\n",
            "entry\ttext\nhome.back\tRetour\nsignin.token\tJeton\nsignin.button\tConnexion\n"
            "signin.heading\tBienvenue\nfind.title\tRecherche\n",
            "200\nlang\tentry\ttext\nde\tmenu.api_keys\tAPI-Schl\u00fcssel\nen\tmenu.api_keys\tAPI keys\n"
            "de\tmenu.history\tVerlauf\nen\tmenu.history\tHistory\nde\tmenu.orders\tBestellungen\n",
            "ENTRY             TEXT\nhome.back         Terug\nsignin.password   Wachtwoord\n"
            "signin.button     Inloggen\nfind.title        Zoeken\n"):
        kept(text)


def test_a_tables_first_line_still_names_its_columns_secrets():
    pw = "Kq" + gen("real-c-row-pw", 10)
    for text in (
            "host\tuser\tpassword\ndb1\tadmin\t" + pw + "\ndb2\troot\tSommerwind\n",
            "mysql: [Warning] Using a password on the command line interface can be insecure.\n"
            "user\tpassword\nadmin\t" + pw + "\nroot\tSommerwind\n",
            "HOST       USER     PASSWORD\ndb1        admin    " + pw + "\ndb2        root     Sommerwind\n"):
        redacted(text, pw)
        redacted(text, "Sommerwind")
