#!/bin/bash
# A Slurm job array that labels one dataset in 16 shards, one task per
# shard. Slurm sets SLURM_ARRAY_TASK_ID (0 to 15 here); c4 dataset
# --shard-from-env --shards 16 reads it (for an array numbered from 1, add
# --array-base 1). A task that is requeued or resubmitted resumes from its
# checkpoint in the shared directory.
#
#   sbatch dataset-array.sh
#   # when every task is done (or chain it with --dependency=afterok:JOBID):
#   c4 dataset merge --out "$DATA/positions.parquet" "$DATA"/shard-*.jsonl
#
# Each shard's settings go beside it (shard-NN.jsonl.settings): the merge
# refuses shards of runs with other settings (another SEED, say).
#
# The environment may change the dataset (COUNT, PLIES, SEED), its
# directory (DATA) and the command (C4, default c4 on the PATH); SHARDS must
# equal the array's number of tasks:
#
#   sbatch --array=0-3 --export=ALL,SHARDS=4,COUNT=200 dataset-array.sh
#
#SBATCH --job-name=fourgen-dataset
#SBATCH --array=0-15
#SBATCH --cpus-per-task=8
#SBATCH --mem=4G
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --output=fourgen-dataset-%a.log

set -euo pipefail
DATA=${DATA:-$HOME/fourgen-datasets}
COUNT=${COUNT:-1000000}
PLIES=${PLIES:-12-41}
SEED=${SEED:-1}
SHARDS=${SHARDS:-16}
mkdir -p "$DATA"
exec "${C4:-c4}" dataset --count "$COUNT" --plies "$PLIES" --seed "$SEED" \
	--shard-from-env --shards "$SHARDS" --workers "${SLURM_CPUS_PER_TASK:-1}" \
	--out "$DATA/shard-$(printf %02d "$SLURM_ARRAY_TASK_ID").jsonl"
