"""A tool's help listing and a sentence of prose hold names and words, no values (real Claude
Code transcripts, part A): a row of a command list is a command's name and its description,
whatever secret word the description says; an English word after a label in a sentence is the
sentence's word."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept

HELP = """Usage: skiff [options] [command]

Options:
  -v, --verbose                     Print more
  -h, --help                        Display help for command

Commands:
  accounts [options]                List linked accounts
  auth                              Manage authentication
  safe-mode                         Inspect the safe mode policy
  health                            Check the health of the local agent installation
  hooks|hook                        Manage installed hooks
  new-token                         Create a long-lived access token (requires a team plan)
  sync|pull                         Fetch the newest rules and install them
  help [command]                    display help for command
"""


def test_a_help_listings_command_names_are_no_values():
    assert clean_text(HELP) == HELP, clean_text(HELP)
    short = "  login            Sign in\n  token            Print the session token\n  whoami           Show the signed-in user\n"
    assert clean_text(short) == short


def test_an_aligned_table_of_accounts_still_loses_its_passwords():
    table = "user      password      role\nadmin     Gx7.kP2m!q    owner\ndeploy    Rt4#vLs9wz    ci\n"
    out = clean_text(table)
    assert "Gx7.kP2m!q" not in out and "Rt4#vLs9wz" not in out, out
    # (cells apart by gaps, no description of words one space apart: a table, not a listing)
    table = "  App         User      Password\n  Kibana      viewer    autumn-Fox4\n  Gitea       git       Lr8vQ2mzXc\n"
    out = clean_text(table)
    assert "autumn-Fox4" not in out and "Lr8vQ2mzXc" not in out, out


def test_an_english_word_after_a_label_in_a_sentence_is_the_sentences():
    for text in ("Every request goes through requests.Session with x-api-key authorization.\n",
                 "The uploader talks to the bucket using api-key authentication.\n",
                 "Calls are signed with the bearer token header.\n"):
        kept(text)
    # a value of a password's shape there is still one
    assert "Vb8kQ2xz" not in clean_text("Log in with password Vb8kQ2xz.\n")
