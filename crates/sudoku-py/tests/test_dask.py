"""Issue 46: grading and generating on a Dask cluster (the recipe module
``contrib/sudoku_dask.py``) gives, byte for byte, the CSV of one
``sudoku grade`` / ``sudoku generate`` run of the CLI: 10,000 puzzles on a
``LocalCluster`` of 2 worker processes."""

import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "contrib"))

import sudoku_dask  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

N = 10_000
SEED = 4646


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with Client(cluster) as c:
        yield c
    cluster.close()


def cli(*args: str) -> str:
    binary = os.environ.get("SUDOKU_BIN", "sudoku")
    return subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout


def test_generate_on_the_cluster_is_one_cli_run(client):
    expected = cli("generate", "-n", str(N), "--seed", str(SEED), "--format", "csv", "-q")
    rows = sudoku_dask.generate_bag(N, SEED, shard=1250).compute()
    assert len(rows) == N
    assert sudoku_dask.csv_text(rows) == expected


def test_grade_on_the_cluster_is_one_cli_run(client, tmp_path):
    puzzles = cli("generate", "-n", str(N), "--seed", str(SEED + 1), "-q")
    path = tmp_path / "puzzles.txt"
    path.write_text("# ten thousand puzzles\n\n" + puzzles)
    expected = cli("grade", "--format", "csv", str(path))
    lines = sudoku_dask.puzzle_lines(path.read_text())
    assert len(lines) == N
    rows = sudoku_dask.grade_bag(lines, npartitions=8).compute()
    assert sudoku_dask.csv_text(rows) == expected


def test_shards_of_any_size_give_the_same_rows(client):
    lines = sudoku_dask.puzzle_lines(cli("generate", "-n", "300", "--seed", "7", "-q"))
    a = sudoku_dask.grade_bag(lines, npartitions=1).compute()
    b = sudoku_dask.grade_bag(lines, npartitions=7).compute()
    assert a == b
    assert sudoku_dask.generate_bag(300, 7, shard=300).compute() == sudoku_dask.generate_bag(300, 7, shard=37).compute()
