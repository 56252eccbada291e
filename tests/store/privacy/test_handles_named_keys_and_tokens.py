"""Handles a program names a `key` or a `token` that are ids by what they are and where they stand
(store/privacy/never_real_places.py): a thing's name with a short digest after it under a label
that merely ends in `key`, and a document's handle in an object whose member gives a document's
kind as its type.  A key of a credential's name, a random key, and a token whose object's type is
a credential's (`"token_type": "bearer"`) stay redacted."""

from __future__ import annotations

from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted


def test_a_things_name_and_a_short_digest_under_a_project_key_is_kept():
    kept("Project info:\n- project_key: widgetLib-3c9e1f7a\n- project_root: /home/dev/src/widgetLib\n")
    kept("log: build.log\nproject_key: paymentsCore-90b2d4e1\ncache_dir: /home/dev/.cache/paymentsCore-90b2d4e1/\n")


def test_a_key_of_a_credentials_name_or_a_random_key_stays_redacted():
    redacted("api_key: widgetLib-3c9e1f7a\n", "widgetLib-3c9e1f7a")
    redacted("signing_key: widgetLib-3c9e1f7a\n", "widgetLib-3c9e1f7a")
    s = gen("project-key-random", 24)
    redacted("project_key: " + s + "\n", s)


def test_a_documents_handle_named_a_token_beside_its_documents_type_is_kept():
    kept('{"code":0,"data":{"entities":[{"docs_token":"Qw3rTy7UioP9AsDfGh2JkLzXcVb","docs_type":"docx",'
         '"title":"Release checklist"},{"docs_token":"Zm8PqL2vRt5NwXc9YbKd4HsJfGa","docs_type":"sheet",'
         '"title":"Budget"}]}}')
    kept('{"obj_type": "wiki", "obj_token": "Hn4TkW9pLq2ZxVc7RbMd3FsYgEa", "title": "Onboarding"}')


def test_a_token_whose_object_gives_a_credentials_type_stays_redacted():
    s = gen("doc-token-neighbour", 27)
    redacted('{"access_token":"' + s + '","token_type":"bearer","expires_in":3600}', s)
    redacted('{"token": "' + s + '", "type": "service_account"}', s)
    redacted('{"docs_token": "' + s + '", "title": "Release checklist"}', s)


# A password given as one answer of a numbered reply (store/privacy/answers.py): a short numbered
# list and nothing else, an item that is one token of a person's password.

def test_a_password_given_as_an_item_of_a_numbered_reply_goes():
    redacted("1. Skip for now\n2. Harbor22lane!\n3. 24 hour\n4. I think the dotfiles want a repo of their own",
             "Harbor22lane!")


def test_items_of_names_versions_and_words_in_a_numbered_reply_are_kept():
    kept("1. Install deps\n2. README.md\n3. Node18.x!\n4. @types/node@18\n")
    kept("1. yes\n2. C3PO-Unit\n3. no\n")
    kept("1. Skip for now\n2. 12 hour\n3. Europe/Berlin\n")
