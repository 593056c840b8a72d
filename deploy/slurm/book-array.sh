#!/bin/bash
# A Slurm job array that builds an opening book in 32 shards, one task per
# shard, as fourgen's embedded 11-ply book was built. Slurm sets
# SLURM_ARRAY_TASK_ID (0 to 31 here); c4 book build --shard-from-env
# --shards 32 reads it (for an array numbered from 1, add --array-base 1).
# Each shard file is its own checkpoint: a task that is requeued or
# resubmitted resumes where it stopped, and its lock (SHARD.lock, flock:
# released when a task dies; on NFS and Lustre see docs/datasets.md,
# Locking) keeps two tasks from writing one shard.
#
#   sbatch book-array.sh
#   # when every task is done (or chain it with --dependency=afterok:JOBID):
#   c4 book merge --out "$DATA/book11.fgb" "$DATA"/book-11-*.shard   # --force to replace an earlier book
#   c4 book info "$DATA/book11.fgb"
#
# Each record of a shard carries a checksum keyed to its file's run: the
# merge refuses a record that was edited or corrupted, naming file and line.
# Rebuilding into a fresh DATA and comparing the merged book with cmp is
# the full check of a finished book (docs/book.md).
#
# The environment may change the book (PLIES, ROOT), the table (TT_MB), the
# directory (DATA) and the command (C4, default c4 on the PATH); SHARDS must
# equal the array's number of tasks:
#
#   sbatch --array=0-3 --export=ALL,SHARDS=4,PLIES=4 book-array.sh
#
# SIZE=WxH names the board: the command is then c4-WxH on the PATH (what make
# c4 SIZE=WxH builds as bin/c4-WxH) unless C4 names it, the files are named
# by the size, and a command of another board stops the task at once.
#
#   sbatch --export=ALL,SIZE=8x7,PLIES=6 book-array.sh   # book-8x7-6-NN-of-32.shard
#   c4-8x7 book merge --out "$DATA/book-8x7-6.fgb" "$DATA"/book-8x7-6-*.shard
#
# K=k names the rule, k in a row (connect-k; default 4): the command is then
# c4-WxH-kK (make c4 SIZE=WxH K=k builds bin/c4-WxH-kK; SIZE defaults to
# 7x6), the files are named by it, and a command of another board or rule
# stops the task at once; a book records its rule, and a c4 of another one
# refuses it.
#
#   sbatch --export=ALL,SIZE=6x5,K=5,PLIES=6 book-array.sh   # book-6x5-k5-6-NN-of-32.shard
#
# docs/book.md ("A book for another size on a job array") says what it costs.
#
#SBATCH --job-name=fourgen-book
#SBATCH --array=0-31
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=48:00:00
#SBATCH --requeue
#SBATCH --output=fourgen-book-%a.log

set -euo pipefail
DATA=${DATA:-$HOME/fourgen-books}
PLIES=${PLIES:-11}
ROOT=${ROOT:-}
TT_MB=${TT_MB:-1024}
SHARDS=${SHARDS:-32}
SIZE=${SIZE:-}
K=${K:-4}
name=$SIZE # the build, as make c4 names bin/c4-NAME: WxH, WxH-kK
[[ $K == 4 ]] || name=${SIZE:-7x6}-k$K
C4=${C4:-c4${name:+-$name}}
[[ -z $name ]] || "$C4" version --board "$name" # or set C4 to a c4 of that board and rule
mkdir -p "$DATA"
exec "$C4" book build --plies "$PLIES" --root "$ROOT" --tt-mb "$TT_MB" \
	--shard-from-env --shards "$SHARDS" \
	--out "$DATA/book-${name:+$name-}$PLIES-$(printf %02d "$SLURM_ARRAY_TASK_ID")-of-$SHARDS.shard"
