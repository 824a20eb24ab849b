#!/usr/bin/env bash
# The gate step of action.yml. The action's inputs arrive as environment variables, never spliced into
# this script's text:
#   VERUSAGENT           the verusagent executable
#   GATE_BASE            --base REV ('' = the gate's default: the merge base with the default branch)
#   GATE_PATHS           paths to limit the check to, separated by spaces or newlines ('' = every changed file)
#   GATE_SARIF           where to write the SARIF report
#   GATE_ALLOW_EXEC_CHANGES, GATE_REVIEW, GATE_REVIEW_REQUIRED   'true' adds --allow-exec-changes / --review /
#                        --review-required
#   GATE_MODEL           '' or the model for --model (the model that reviews; its key comes from the environment)
#   GITHUB_OUTPUT        the step's output file: violations, exit-code, results, sarif-file, root
# Exit 0 whether or not there are violations (action.yml decides to fail after the SARIF upload);
# exit 2 when the gate itself could not run (a usage or git error, or a required review that could not run).
# With the review, the annotations come from the same gate run as the SARIF (one review, not two).
set -euo pipefail

case "$GATE_SARIF" in
  /*) ;;
  *) GATE_SARIF="$(pwd -P)/$GATE_SARIF" ;;
esac
common=()
if [[ -n "${GATE_BASE:-}" ]]; then common+=(--base "$GATE_BASE"); fi
if [[ "${GATE_ALLOW_EXEC_CHANGES:-false}" == "true" ]]; then common+=(--allow-exec-changes); fi
if [[ "${GATE_REVIEW:-false}" == "true" ]]; then common+=(--review); fi
if [[ -n "${GATE_MODEL:-}" ]]; then common+=(--model "$GATE_MODEL"); fi
if [[ "${GATE_REVIEW_REQUIRED:-false}" == "true" ]]; then common+=(--review-required); fi
read -r -d '' -a paths <<<"${GATE_PATHS:-}" || true
once=()
if [[ "${GATE_REVIEW:-false}" == "true" ]]; then once+=(--github-annotations); fi

status=0
"$VERUSAGENT" gate --format sarif --output "$GATE_SARIF" "${once[@]}" "${common[@]}" -- "${paths[@]}" || status=$?
case "$status" in
  0) violations=false ;;
  1) violations=true ;;
  *)
    echo "::error title=verusagent gate::the gate could not run (exit $status); see the log above"
    exit 2
    ;;
esac

python="$(dirname "$VERUSAGENT")/python"
results=$("$python" -c 'import json, sys; print(sum(len(r["results"]) for r in json.load(open(sys.argv[1]))["runs"]))' "$GATE_SARIF")
if [[ "$violations" == "true" && "${GATE_REVIEW:-false}" != "true" ]]; then
  # the same findings as workflow annotations, for runs that do not upload SARIF (e.g. from forks)
  again=0
  "$VERUSAGENT" gate --format github "${common[@]}" -- "${paths[@]}" || again=$?
  if [[ "$again" -ne 1 ]]; then
    echo "::warning title=verusagent gate::the annotation run ended with exit $again, the SARIF run with 1"
  fi
fi
{
  echo "violations=$violations"
  echo "exit-code=$status"
  echo "results=$results"
  echo "sarif-file=$GATE_SARIF"
  echo "root=$(pwd -P)"
} >>"$GITHUB_OUTPUT"
echo "verusagent gate: $results violation(s); SARIF at $GATE_SARIF"
