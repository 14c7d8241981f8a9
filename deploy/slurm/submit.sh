#!/bin/bash
# Submits plan, parts (a job array after the plan) and finalize (after every
# task of the array succeeded). Usage: SRC=... DST=... PARTS=N ./submit.sh [--plan flags]
set -euo pipefail
cd "$(dirname "$0")"
: "${SRC:?set SRC}" "${DST:?set DST}" "${PARTS:?set PARTS}"
export SRC DST PARTS
plan=$(sbatch --parsable --export=ALL plan.sbatch "$@")
parts=$(sbatch --parsable --export=ALL --dependency=afterok:"$plan" --array=0-$((PARTS - 1)) parts.sbatch)
final=$(sbatch --parsable --export=ALL --dependency=afterok:"$parts" finalize.sbatch)
echo "plan $plan, parts $parts (array of $PARTS), finalize $final"
