#!/bin/sh
# Runs the three Jobs in order; Kubernetes has no dependency between Jobs,
# so each step waits for the one before it to complete.
set -eu
cd "$(dirname "$0")"
timeout=${TIMEOUT:-24h}
kubectl apply -f configmap.yaml
kubectl apply -f plan-job.yaml
kubectl wait --for=condition=complete --timeout=10m job/zcodec-plan
kubectl apply -f parts-job.yaml
kubectl wait --for=condition=complete --timeout="$timeout" job/zcodec-parts
kubectl apply -f finalize-job.yaml
kubectl wait --for=condition=complete --timeout=30m job/zcodec-finalize
