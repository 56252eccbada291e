"""`python -m bench --quick` runs every benchmark with its quick arguments: each must be
one its benchmark accepts, or the run stops there with a usage error."""

import argparse
import importlib

import pytest

from bench.__main__ import BENCHES


class Parsed(Exception):
    """Raised once a benchmark's arguments parsed: the benchmark itself is not run."""


@pytest.mark.parametrize(("name", "module", "quick"), BENCHES, ids=[b[0] for b in BENCHES])
def test_every_quick_argument_is_one_its_benchmark_accepts(name, module, quick, monkeypatch):
    real = argparse.ArgumentParser.parse_args

    def parse_then_stop(self, args=None, namespace=None):
        real(self, args, namespace)  # a usage error exits here with status 2
        raise Parsed

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", parse_then_stop)
    with pytest.raises(Parsed):
        importlib.import_module(module).main(list(quick))
