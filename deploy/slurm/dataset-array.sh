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
# SIZE=WxH names the board: the command is then c4-WxH on the PATH (what make
# c4 SIZE=WxH builds as bin/c4-WxH) unless C4 names it, the files are named
# by the size, and a command of another board stops the task at once.
# PLIES must then fit the board (the default, 12-41, is for 7×6):
#
#   sbatch --export=ALL,SIZE=8x7,PLIES=30-55 dataset-array.sh   # shard-8x7-NN.jsonl
#   c4-8x7 dataset merge --out "$DATA/positions-8x7.parquet" "$DATA"/shard-8x7-*.jsonl
#
# K=k names the rule, k in a row (connect-k; default 4): the command is then
# c4-WxH-kK (make c4 SIZE=WxH K=k builds bin/c4-WxH-kK; SIZE defaults to
# 7x6), the files are named by it, and a command of another board or rule
# stops the task at once. Each file records its rule too.
#
#   sbatch --export=ALL,SIZE=7x6,K=5 dataset-array.sh   # shard-7x6-k5-NN.jsonl
#
# Every file records its board: a merge by a c4 of another board is refused.
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
SIZE=${SIZE:-}
K=${K:-4}
name=$SIZE # the build, as make c4 names bin/c4-NAME: WxH, WxH-kK
[[ $K == 4 ]] || name=${SIZE:-7x6}-k$K
C4=${C4:-c4${name:+-$name}}
[[ -z $name ]] || "$C4" version --board "$name" # or set C4 to a c4 of that board and rule
mkdir -p "$DATA"
exec "$C4" dataset --count "$COUNT" --plies "$PLIES" --seed "$SEED" \
	--shard-from-env --shards "$SHARDS" --workers "${SLURM_CPUS_PER_TASK:-1}" \
	--out "$DATA/shard-${name:+$name-}$(printf %02d "$SLURM_ARRAY_TASK_ID").jsonl"
