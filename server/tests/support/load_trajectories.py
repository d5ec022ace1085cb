"""Load trajectories files the way a trainer does, with Hugging Face
`datasets` (`load_dataset("json", data_files=...)`), and print what came out
as one JSON object per file on stdout, for server/tests/datasets.rs.

Each file is loaded twice: as is, and read in small chunks, so the first
chunk (from which `datasets` infers the column types) holds only the first
environment's rows; both must give the same table.

usage: load_trajectories.py CACHE_DIR FILE...
"""

import json
import sys

import datasets

SMALL_CHUNK = 1 << 15  # bytes; a few lines of a trajectories file


def load(path, cache_dir, **options):
    return datasets.load_dataset(
        "json", data_files=path, split="train", cache_dir=cache_dir, **options
    )


def last_grader(row):
    steps = row["steps"]
    if not steps:
        return None
    # A turn that was no step (refused, an API error) has no observation.
    observation = steps[-1].get("observation")
    return json.loads(observation).get("terminal_grader") if observation else None


def main():
    datasets.disable_progress_bars()
    cache_dir, paths = sys.argv[1], sys.argv[2:]
    for path in paths:
        table = load(path, cache_dir)
        chunked = load(path, cache_dir, chunksize=SMALL_CHUNK)
        print(
            json.dumps(
                {
                    "path": path,
                    "rows": table.num_rows,
                    "columns": table.column_names,
                    "features": str(table.features),
                    "scores": list(table["score"]),
                    "last_graders": [last_grader(row) for row in table],
                    "breakdowns": [json.loads(b) for b in list(table["score_breakdown"])],
                    "chunked_equal": chunked.to_list() == table.to_list(),
                }
            )
        )


if __name__ == "__main__":
    main()
