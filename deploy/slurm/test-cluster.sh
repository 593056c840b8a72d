#!/bin/bash
# test-cluster.sh starts a one-node Slurm cluster on this machine, runs the
# dataset array script (dataset-array.sh) on it with 4 tasks, merges the
# shards with c4 dataset merge, and checks that the merged file equals a
# one-machine run byte for byte; then the same for the book array script
# (book-array.sh, a book of BOOK_PLIES stones, 0 to skip it) and c4 book
# merge. `make slurm-test` runs it, `make slurm-test SIZE=6x5` at another
# board: SIZE=WxH builds c4 for it (make c4 SIZE=WxH) and passes SIZE to
# the array scripts, which run that c4 (the default PLIES, the last 16
# stones of the board, and BOOK_PLIES=4 suit small boards only); K=k as
# well builds and runs the c4 of k in a row (make slurm-test SIZE=6x5 K=5).
#
# It needs root (to install Debian's slurm-wlm and munge when missing, and
# to run the daemons) and Go. Everything else lives in a temporary
# directory: its own munge key and socket, a slurm.conf for this host with
# 2 CPUs, the daemons' state, logs and pid files. The daemons it started
# are stopped at the end, whatever happens; KEEP=1 keeps the directory.
#
#   COUNT=200 PLIES=12-41 SEED=1 TASKS=4 BOOK_PLIES=6 deploy/slurm/test-cluster.sh
#   SIZE=6x5 deploy/slurm/test-cluster.sh
#   SIZE=6x5 K=5 deploy/slurm/test-cluster.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

SIZE=${SIZE:-}
K=${K:-4}
name=$SIZE # the build, as make c4 names bin/c4-NAME
[[ $K == 4 ]] || SIZE=${SIZE:-7x6} name=${SIZE:-7x6}-k$K
if [[ -n $SIZE && $name != 7x6 ]]; then
	cells=$((${SIZE%x*} * ${SIZE#*x}))
	PLIES=${PLIES:-$((cells - 16))-$((cells - 1))}
	BOOK_PLIES=${BOOK_PLIES:-4}
fi
COUNT=${COUNT:-200}
PLIES=${PLIES:-12-41}
BOOK_PLIES=${BOOK_PLIES:-6} # on 7×6 the search reaches the embedded 11-ply book at once
SEED=${SEED:-1}
TASKS=${TASKS:-4}
FORMAT=${FORMAT:-parquet}

say() { printf '==> %s\n' "$*"; }
fail() {
	printf 'FAIL: %s\n' "$*" >&2
	exit 1
}

[[ $(id -u) == 0 ]] || fail "run as root: the Slurm and munge daemons run as root here"
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
	say "installing slurm-wlm and munge (apt-get)"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi

work=$(mktemp -d /tmp/fourgen-slurm.XXXXXX)
chmod 700 "$work"
pids=()
cleanup() {
	for pid in "${pids[@]}"; do
		kill "$pid" 2>/dev/null || true
	done
	for pid in "${pids[@]}"; do
		while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
	done
	if [[ ${KEEP:-0} == 1 ]]; then
		say "kept $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
mkdir -p "$work"/{munge,state,spool,logs,data}

say "building c4 into $work"
go build -o "$work/c4" ./cmd/c4
c4=$work/c4
if [[ -n $name ]] && ! "$c4" version --board "$name" 2>/dev/null; then
	say "building c4 for SIZE=$SIZE K=$K (make c4 SIZE=$SIZE K=$K)"
	make -s c4 SIZE="$SIZE" K="$K" >/dev/null
	cp "bin/c4-$name" "$work/c4-$name"
	c4=$work/c4-$name
fi
"$c4" version | grep '^board\|^rule'

say "munged: a key and socket of its own"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1 count=1024 status=none
chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
	--pid-file="$work/munge/munged.pid" --log-file="$work/logs/munged.log" \
	--seed-file="$work/munge/munged.seed"
pids+=("$(cat "$work/munge/munged.pid")")
munge --socket="$work/munge/munge.socket" -n | unmunge --socket="$work/munge/munge.socket" >/dev/null ||
	fail "munge cannot encode and decode a credential: see $work/logs/munged.log"

host=$(hostname -s)
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=fourgen-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
SlurmctldPort=6817
SlurmdPort=6818
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/logs/slurmctld.log
SlurmdLogFile=$work/logs/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

say "slurmctld and slurmd ($host, 2 CPUs)"
slurmctld -D -i >"$work/logs/slurmctld.out" 2>&1 &
pids+=("$!")
slurmd -D >"$work/logs/slurmd.out" 2>&1 &
pids+=("$!")
for _ in $(seq 60); do
	if sinfo -h -o '%T' 2>/dev/null | grep -qx idle; then
		break
	fi
	sleep 1
done
sinfo -h -o '%T' 2>/dev/null | grep -qx idle ||
	fail "the node did not come up idle in 60 s: $(sinfo 2>&1 | tail -1); see $work/logs"
sinfo

# array_job WHAT LOG MEM EXPORTS SCRIPT runs SCRIPT as an array of TASKS
# tasks with MEM of memory each, the environment EXPORTS and this c4,
# logging each task into $work/logs/LOG-N.log, and waits for it; it fails
# with the logs' tails when a task failed.
array_job() {
	local what=$1 log=$2 mem=$3 exports=$4 script=$5 start=$SECONDS
	sbatch --wait --array="0-$((TASKS - 1))" --cpus-per-task=1 --mem="$mem" \
		--output="$work/logs/$log-%a.log" \
		--export="ALL,C4=$c4,SIZE=$SIZE,K=$K,SHARDS=$TASKS,$exports" \
		"$script" || {
		tail -n 20 "$work/logs/$log"-*.log >&2 || true
		fail "the $what failed"
	}
	say "the $what finished in $((SECONDS - start)) s"
}

say "sbatch --array=0-$((TASKS - 1)) deploy/slurm/dataset-array.sh (COUNT=$COUNT PLIES=$PLIES SEED=$SEED SHARDS=$TASKS)"
array_job "array job" task 200M "DATA=$work/data,COUNT=$COUNT,PLIES=$PLIES,SEED=$SEED" deploy/slurm/dataset-array.sh
for log in "$work"/logs/task-*.log; do
	printf '%s: %s\n' "$(basename "$log")" "$(tail -n 1 "$log")"
done

say "merging the shards, and labelling the same dataset on one machine"
"$c4" dataset merge --out "$work/array.$FORMAT" "$work"/data/shard-*.jsonl
"$c4" dataset --count "$COUNT" --plies "$PLIES" --seed "$SEED" --out "$work/one.$FORMAT" 2>/dev/null
ls -l "$work/array.$FORMAT" "$work/one.$FORMAT"
sha256sum "$work/array.$FORMAT" "$work/one.$FORMAT"
cmp "$work/array.$FORMAT" "$work/one.$FORMAT" || fail "the merged array output differs from the one-machine run"
say "dataset: $TASKS array tasks, $COUNT positions, merged file identical to a one-machine run"
if [[ $BOOK_PLIES == 0 ]]; then
	say "slurm-test passed (no book: BOOK_PLIES=0)"
	exit 0
fi

say "sbatch --array=0-$((TASKS - 1)) deploy/slurm/book-array.sh (SIZE=$SIZE PLIES=$BOOK_PLIES SHARDS=$TASKS)"
array_job "book array job" book 300M "DATA=$work/books,PLIES=$BOOK_PLIES,TT_MB=64" deploy/slurm/book-array.sh
"$c4" book merge --out "$work/array.fgb" "$work"/books/book-*.shard
"$c4" book build --plies "$BOOK_PLIES" --tt-mb 64 --out "$work/one.shard" >/dev/null 2>&1
"$c4" book merge --out "$work/one.fgb" "$work/one.shard"
"$c4" book info "$work/array.fgb"
cmp "$work/array.fgb" "$work/one.fgb" || fail "the book merged from the array differs from a one-machine build"
say "slurm-test passed: $TASKS array tasks each for $COUNT positions and a $BOOK_PLIES-ply book${SIZE:+ of $SIZE}, $("$c4" version | sed -n "s/^rule //p"), merged files identical to one-machine runs"
