"""An OAuth 1.0 consumer key is the identifier half of a client's credentials (RFC 5849 sends it
in clear, as `oauth_consumer_key`, in every signed request; an LTI tool's launch carries it the
same way): kept after its name in any syntax, and so is a form body that starts with it.  The
consumer secret beside it is the credential, and stays redacted."""

from __future__ import annotations

from tests.privacy_eval import gen
from tests.store.privacy import kept, redacted


def test_a_consumer_key_in_an_env_file_is_kept():
    kept("# LTI 1.1\nLTI_CONSUMER_KEY=canvas\nLTI_LAUNCH_URL=https://tool.example.edu/launch\n")


def test_a_consumer_key_in_json_and_yaml_is_kept():
    kept('{"title": "Quiz tool", "consumerKey": "blackboard-prod", "launchUrl": "https://tool.example.edu/lti"}')
    kept("lti:\n  consumer_key: sakai_campus\n  launch_url: https://tool.example.edu/lti\n")


def test_a_launch_form_body_that_starts_with_the_consumer_key_is_kept():
    kept('curl -s -X POST http://localhost:8080/lti/launch \\\n  -H "Content-Type: application/x-www-form-urlencoded" \\\n'
         '  -d "oauth_consumer_key=canvas&oauth_nonce=n0nce42&oauth_timestamp=1700000000&resource_link_id=r1" | head\n')


def test_the_consumer_secret_beside_it_stays_redacted():
    s = gen("consumer-secret", 28)
    redacted("LTI_CONSUMER_KEY=canvas\nLTI_CONSUMER_SECRET=" + s + "\n", s)


def test_a_client_secret_and_an_api_key_of_the_same_shape_stay_redacted():
    s = gen("consumer-neighbour", 24)
    redacted("OAUTH_CLIENT_SECRET=" + s + "\n", s)
    redacted('{"apiKey": "' + s + '"}', s)
