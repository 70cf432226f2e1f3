#!/usr/bin/env python3
"""Validates StateMachine fixture files (format versions 1, 2 and 3).

Per file:
  - strict JSON: no duplicate keys, no NaN/Infinity; doubles, null fields, lists, sets and maps
    inside values only in version 3 (SPEC.md, Field types of version 3);
  - schemaVersion is 1, 2 or 3 (checked first); `after` and advance steps only from version 2;
  - Spec/fixture.schema.json;
  - `name` equals the file name without `.json`;
  - every rule id in `rules` is a rule of Spec/SPEC.md;
  - scenario names are unique;
  - consistency of each scenario with the rules (no machine is run): every step's `from`
    is the state the previous steps left, `finalState` is the state after the last step,
    and for table machines every `calls` list has the shape R9, R11, R12, R13, R15 and R16
    require; an event in a final state records no call (R27);
  - schemaVersion 2 with composite machines (validate_fixtures_v2.py): the composition errors
    of R25 that the JSON shows, and the shape of every `calls` list as R20, R22 and R23 require.

A fixture needs only what the engine reads (schemaVersion, name, scenarios, and machine for a table
machine); `description`, `rules` and `origin` are checked when present, as `statemachine check` reads
them. This project's own fixtures must carry all three, with at least one rule of Spec/SPEC.md
(the schema's $defs/projectFixture): checked for every file without arguments, and for the files
named with --project.

    scripts/validate-fixtures                      # Fixtures/*.json, as this project's fixtures
    scripts/validate-fixtures FILE|FOLDER ...      # a user's fixtures (a folder: its *.json files)
    scripts/validate-fixtures --project FILE ...   # these files, as this project's fixtures

Without arguments, every Fixtures/*.json is checked and, in addition, the corpus:
  - every rule of Spec/SPEC.md is named by at least one fixture;
  - each rule's "Fixtures:" line in Spec/SPEC.md lists exactly the fixtures naming that rule.

Output: one line per problem, "FILE: problem", then "N passed, N failed".
"""

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import validate_fixtures_v2 as v2  # noqa: E402

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match
except ImportError:  # pragma: no cover
    print("validate-fixtures: the Python package jsonschema is missing", file=sys.stderr)
    sys.exit(2)

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "Spec" / "fixture.schema.json"
SPEC_PATH = ROOT / "Spec" / "SPEC.md"
FIXTURES_DIR = ROOT / "Fixtures"


# ----------------------------------------------------------------------------- strict JSON

class StrictJSONError(Exception):
    pass


def _pairs(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise StrictJSONError(f'duplicate key "{key}"')
        obj[key] = value
    return obj


class Double(float):
    """A JSON number written with a fraction or an exponent: a double (version 3)."""


def _double(text):
    value = Double(text)
    if value in (float("inf"), float("-inf")):
        raise StrictJSONError(f"number {text} is out of the double range")
    return value


def _no_constant(text):
    raise StrictJSONError(f"{text} is not allowed")


def load_strict(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    return json.loads(
        text,
        object_pairs_hook=_pairs,
        parse_float=_double,
        parse_constant=_no_constant,
    )


# ----------------------------------------------------------------------------- values

def canon(value):
    """A hashable canonical form of a value (short and long form are equal)."""
    if isinstance(value, str):
        return ("case", value, frozenset())
    (name, fields), = value.items()
    return ("case", name, frozenset((k, canon_field(v)) for k, v in fields.items()))


def canon_field(value):
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, float):
        return ("double", value.hex())  # -0.0 is not 0.0; 1.0 is 1.00
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, str):
        return ("string", value)
    if value is None:
        return ("null",)
    if isinstance(value, list):
        return ("list", tuple(canon_field(item) for item in value))
    if isinstance(value, dict) and list(value) == ["$set"]:
        return ("set", frozenset(canon_field(item) for item in value["$set"]))
    if isinstance(value, dict) and list(value) == ["$map"]:
        return ("map", frozenset((canon_field(k), canon_field(v)) for k, v in value["$map"]))
    return canon(value)


def version_3_problems(doc):
    """Doubles, null fields, lists, sets and maps need schemaVersion 3; sets and maps have no duplicates."""
    problems = []
    version = doc.get("schemaVersion")

    def field(value, where):
        kind = None
        if isinstance(value, float):
            kind = "a double field"
        elif value is None:
            kind = "a null field"
        elif isinstance(value, list):
            kind = "a list field"
            for index, item in enumerate(value):
                field(item, f"{where}/{index}")
        elif isinstance(value, dict) and list(value) in (["$set"], ["$map"]):
            tag = list(value)[0]
            kind = "a set field" if tag == "$set" else "a map field"
            items = value[tag]
            if isinstance(items, list):
                seen = set()
                for index, item in enumerate(items):
                    if tag == "$map":
                        if not (isinstance(item, list) and len(item) == 2):
                            problems.append(f"{where}/$map/{index}: expected a map entry (an array [key, value])")
                            continue
                        key = canon_field(item[0])
                        field(item[0], f"{where}/$map/{index}/0")
                        field(item[1], f"{where}/$map/{index}/1")
                    else:
                        key = canon_field(item)
                        field(item, f"{where}/$set/{index}")
                    if key in seen:
                        problems.append(f"{where}/{tag}/{index}: duplicate {'key' if tag == '$map' else 'element'}")
                    seen.add(key)
        elif isinstance(value, dict) and len(value) == 1:
            (name, fields), = value.items()
            if isinstance(fields, dict):
                for key, item in fields.items():
                    field(item, f"{where}/{name}/{key}")
        if kind and version != 3:
            problems.append(f'{where}: {kind} needs "schemaVersion": 3 (this file has {version})')

    def walk(node, where):
        # Values sit under these keys; their fields are checked by `field`.
        if isinstance(node, dict):
            for key, item in node.items():
                if key in ("initialState", "start", "finalState", "eq", "value", "from", "to", "state", "event",
                           "cause", "sideEffect", "restore", "onEnterSend", "onExitSend", "send",
                           "onEnterRaise", "onExitRaise", "onEnterPost", "onExitPost", "initialEvent") \
                        and isinstance(item, dict) and len(item) == 1:
                    (name, fields), = item.items()
                    if isinstance(fields, dict):
                        for field_name, value in fields.items():
                            field(value, f"{where}/{key}/{name}/{field_name}")
                        continue
                walk(item, f"{where}/{key}")
        elif isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, f"{where}/{index}")
        elif isinstance(node, float) and version != 3:
            problems.append(f"{where}: a double needs \"schemaVersion\": 3 (this file has {version})")

    walk(doc, "")
    return problems


def same(a, b):
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, list) or isinstance(b, list):
        # the side effect of a product machine (schemaVersion 2, R23): a list of values
        return (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
                and all(same(x, y) for x, y in zip(a, b)))
    return canon(a) == canon(b)


def show(value):
    return json.dumps(value, separators=(", ", ": "))


# ----------------------------------------------------------------------------- SPEC.md

RULE_HEADING = re.compile(r"^#{2,4}\s+(R[1-9][0-9]*)\b")
ANY_HEADING = re.compile(r"^#{1,4}\s")
FIXTURES_LINE = re.compile(r"^\s*(?:[-*]\s*)?(?:\*\*)?Fixtures:(?:\*\*)?(.*)$")
FIXTURE_NAME = re.compile(r"([A-Za-z0-9_.-]+?)\.json")


def read_spec():
    """Returns ({rule id: set of fixture names or None}, problems)."""
    problems = []
    if not SPEC_PATH.exists():
        return {}, [f"{rel(SPEC_PATH)}: missing"]
    rules = {}
    current = None
    for line in SPEC_PATH.read_text(encoding="utf-8").splitlines():
        match = RULE_HEADING.match(line)
        if match:
            current = match.group(1)
            if current in rules:
                problems.append(f"{rel(SPEC_PATH)}: rule {current} is defined twice")
            rules[current] = None
            continue
        if ANY_HEADING.match(line):
            current = None
            continue
        if current is not None:
            match = FIXTURES_LINE.match(line)
            if match:
                names = set(FIXTURE_NAME.findall(match.group(1)))
                rules[current] = (rules[current] or set()) | names
    for rule, names in rules.items():
        if names is None:
            problems.append(f'{rel(SPEC_PATH)}: rule {rule} has no "Fixtures:" line')
    return rules, problems


def rel(path):
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# ----------------------------------------------------------------------------- schema errors

def pointer(path):
    return "/" + "/".join(str(p) for p in path) if path else "/"


def schema_problems(validator, doc):
    out = []
    for error in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path))):
        detail = error
        if error.context:
            detail = best_match(error.context)
        message = detail.message
        if len(message) > 300:
            message = message[:297] + "..."
        out.append(f"{pointer(detail.absolute_path)}: {message}")
    return out


# ----------------------------------------------------------------------------- consistency

def check_scenarios(doc):
    problems = []
    machine = doc.get("machine")
    names = set()
    for index, scenario in enumerate(doc["scenarios"]):
        where = f'scenario "{scenario["name"]}"'
        if scenario["name"] in names:
            problems.append(f"{where}: scenario name used twice")
        names.add(scenario["name"])
        if "start" in scenario:
            current = scenario["start"]
        elif machine is not None:
            current = machine["initialState"]
        else:
            current = None
        rtc = machine is not None and "runToCompletion" in machine
        if scenario.get("initialCalls") and not rtc:
            problems.append(f"{where}: initialCalls are {show(scenario['initialCalls'])}, but a machine that does not run to completion enters its initial state silently (R1)")
        if rtc:
            current = state_after_calls(scenario.get("initialCalls", []), current)
        for number, step in enumerate(scenario["steps"], start=1):
            at = f"{where} step {number}"
            if "with" in step:
                continue
            if "advance" in step:
                current, advance_problems = check_advance(step, current, machine is not None and not rtc, machine)
                if rtc:
                    current = state_after_calls(step["calls"], current)
                problems += [f"{at}: {p}" for p in advance_problems]
                continue
            if "restore" in step:
                current = step["restore"]
                if step["calls"]:
                    problems.append(f"{at}: restoring runs no listener (R17), but calls are {show(step['calls'])}")
                problems += [f"{at}: {p}" for p in restored_history_problems(machine, step.get("history") or {})]
                continue
            event = step["event"]
            expect = step["expect"]
            result = expect["result"]
            before = current
            thrower = machine.get("onTransitionThrows") if machine is not None else None
            if thrower and result == "error" and expect.get("error") == "thrown" and expect.get("message") == thrower["message"]:
                listener_problems, current = check_listener_error_step(thrower, event, current, step["calls"])
                problems += [f"{at}: {p}" for p in listener_problems]
                continue
            if result in ("valid", "invalid"):
                if current is not None and not same(expect["from"], current):
                    problems.append(f"{at}: expect.from is {show(expect['from'])}, but the machine is in {show(current)}")
                before = expect["from"]
                if result == "valid":
                    current = expect["to"]
            elif expect["error"] == "missingDefinition":
                if current is not None and not same(expect["state"], current):
                    problems.append(f"{at}: expect.state is {show(expect['state'])}, but the machine is in {show(current)}")
                before = expect["state"]
            if rtc and result == "invalid" and is_final(machine, before):
                if step["calls"]:
                    problems.append(f"{at}: the machine has finished in {show(before)}: an event calls no listener (R27), but calls are {show(step['calls'])}")
            elif rtc:
                problems += [f"{at}: {p}" for p in check_run_to_completion_step(event, expect, before, step["calls"])]
                current = state_after_calls(step["calls"], current)
            elif machine is not None and result == "invalid" and is_final(machine, before):
                if step["calls"]:
                    problems.append(f"{at}: the machine has finished in {show(before)}: an event calls no listener (R27), but calls are {show(step['calls'])}")
            elif machine is not None and is_stay_step(machine, event, expect, step["calls"]):
                pass
            elif machine is not None and not v2.is_composite(machine):
                problems += [f"{at}: {p}" for p in check_calls(event, expect, before, step["calls"])]
            elif machine is not None:
                problems += [f"{at}: {p}" for p in check_composite_step(machine, event, expect, before, step["calls"])]
        if current is not None and not same(scenario["finalState"], current):
            problems.append(f"{where}: finalState is {show(scenario['finalState'])}, but the steps leave {show(current)}")
    return problems


def check_listener_error_step(thrower, event, current, calls):
    """An error step of the listener of `onTransitionThrows` (R39): its one call is the recording listener's
    onTransition call of the kind it throws for, from the current state; the listeners after it do not run. A valid
    transition is made: the state after the step is its `to`. Returns the problems and that state."""
    kind = thrower["when"]
    transition = calls[0].get("onTransition") if len(calls) == 1 and isinstance(calls[0], dict) else None
    if transition is None or transition.get("result") != kind or transition.get("event") != event:
        return [f"the listener of onTransitionThrows throws after the recording listener's one {kind} onTransition call for {show(event)}, so that call is all the step records (R39), but calls are {show(calls)}"], current
    if current is not None and not same(transition["from"], current):
        return [f"the onTransition call is from {show(transition['from'])}, but the machine is in {show(current)}"], current
    return [], transition["to"] if kind == "valid" else current


def state_after_calls(calls, current):
    """The state of a machine that runs to completion after these calls (R32, R33): the `to` of the last valid
    onTransition call, or current when there is none."""
    for call in calls:
        transition = call.get("onTransition")
        if transition and transition["result"] == "valid":
            current = transition["to"]
    return current


def check_run_to_completion_step(event, expect, before, calls):
    """The calls of an event step of a machine that runs to completion (R32, R33): they start with the step's own
    onTransition call (an error step's calls are those of the events it raised, if any, R32); the queued events and
    eventless steps after it are not checked here."""
    result = expect["result"]
    if result == "error":
        return []
    if result == "invalid":
        wanted = {"onTransition": {"result": "invalid", "from": before, "event": event}}
    else:
        wanted = {"onTransition": {"result": "valid", "from": expect["from"], "event": event,
                                   "to": expect["to"], "sideEffect": expect["sideEffect"]}}
    if not calls or not same_call(calls[0], wanted):
        return [f"a step's first call must be {show(wanted)} (R11, R32)"]
    return []


def is_final(machine, state):
    """Whether state's definition is a final state, or, for a product, every region's state is (R27);
    false when `where` matchers make it unknowable."""
    if v2.uses_where(machine):
        return False
    if "regions" in machine:
        parts = v2.fields_of(state)
        return all(region["name"] in parts and is_final(region["machine"], parts[region["name"]])
                   for region in machine["regions"])
    definition = v2.definition_of(machine, state, same)
    return definition is not None and definition.get("final") is True


def has_stay(node):
    """Whether a stay action (R35) is anywhere in this part of a machine."""
    if isinstance(node, dict):
        return "stay" in node or any(has_stay(value) for value in node.values())
    if isinstance(node, list):
        return any(has_stay(item) for item in node)
    return False


def is_stay_step(machine, event, expect, calls):
    """A valid step of a machine with a stay action (R35), to the same state, whose only call is onTransition:
    a stay exits and enters nothing. Which handler ran is not evaluated here; the runtimes' replays check that."""
    if expect.get("result") != "valid" or not same(expect["from"], expect["to"]) or not has_stay(machine):
        return False
    transition = {"onTransition": {"result": "valid", "from": expect["from"], "event": event,
                                   "to": expect["to"], "sideEffect": expect["sideEffect"]}}
    return len(calls) == 1 and same_call(calls[0], transition)


def check_composite_step(machine, event, expect, before, calls):
    """The shape of `calls` for a composite machine (schemaVersion 2, R19-R24)."""
    result = expect["result"]
    if result == "error":
        return [] if not calls else ["an error step records no listener calls (R15, R21, R23)"]
    if result == "invalid":
        wanted = {"onTransition": {"result": "invalid", "from": before, "event": event}}
        if len(calls) != 1 or not same_call(calls[0], wanted):
            return [f"an invalid step records exactly {show([wanted])} (R9)"]
        return []
    transition = {"onTransition": {"result": "valid", "from": expect["from"], "event": event,
                                   "to": expect["to"], "sideEffect": expect["sideEffect"]}}
    if not calls or not same_call(calls[0], transition):
        return [f"a valid step's first call must be {show(transition)} (R11)"]
    return v2.check_composite_calls(machine, event, expect, calls, same_call, same)


def check_calls(event, expect, before, calls):
    """The shape of `calls` for a table machine (one recording listener of each kind)."""
    result = expect["result"]
    if result == "error":
        return [] if not calls else ["an error step records no listener calls (R13, R15)"]
    if result == "invalid":
        wanted = [{"onTransition": {"result": "invalid", "from": before, "event": event}}]
        if len(calls) != 1 or not same_call(calls[0], wanted[0]):
            return [f"an invalid step records exactly {show(wanted)} (R9)"]
        return []
    problems = []
    transition = {"onTransition": {"result": "valid", "from": expect["from"], "event": event,
                                   "to": expect["to"], "sideEffect": expect["sideEffect"]}}
    exit_call = {"onExit": {"state": expect["from"], "cause": event}}
    enter_call = {"onEnter": {"state": expect["to"], "cause": event}}
    rest = list(calls)
    if not rest or not same_call(rest[0], transition):
        return [f"a valid step's first call must be {show(transition)} (R11)"]
    rest.pop(0)
    if not rest or not same_call(rest[0], exit_call):
        return [f"after onTransition comes {show(exit_call)} (R11, R12)"]
    rest.pop(0)
    if rest and "send" in rest[0]:
        problems += check_send(rest.pop(0))
    if rest:
        if not same_call(rest[0], enter_call):
            return problems + [f"after onExit comes {show(enter_call)} or nothing (R11, R13)"]
        rest.pop(0)
        if rest and "send" in rest[0]:
            problems += check_send(rest.pop(0))
    if rest:
        problems.append(f"unexpected call {show(rest[0])} (R11)")
    return problems


def check_advance(step, current, is_table, machine=None):
    """An advance step (format 2, R18, R28): each fired timer's result starts where the previous one left the
    machine; for table machines, the calls split into one group per onTransition call, each with the shape of
    an event step whose event is the one that onTransition call names (a composite machine's, as its event
    steps'). Returns (state after, problems)."""
    problems = []
    calls = list(step["calls"])
    groups = []
    for call in calls:
        if "onTransition" in call or not groups:
            groups.append([])
        groups[-1].append(call)
    results = step["expect"]
    recorded = [result for result in results if result["result"] != "error"]
    if is_table and len(groups) != len(recorded):
        problems.append(f"{len(recorded)} valid or invalid results, but {len(groups)} onTransition calls (R11)")
        is_table = False
    group = 0
    for result in results:
        kind = result["result"]
        if kind in ("valid", "invalid"):
            if current is not None and not same(result["from"], current):
                problems.append(f"a fired timer's result starts in {show(result['from'])}, but the machine is in {show(current)}")
            before = result["from"]
            if kind == "valid":
                current = result["to"]
            if is_table:
                first = groups[group][0]
                event = first["onTransition"]["event"] if "onTransition" in first else None
                if machine is not None and v2.is_composite(machine):
                    problems += check_composite_step(machine, event, result, before, groups[group])
                else:
                    problems += check_calls(event, result, before, groups[group])
                group += 1
    return current, problems


def restored_history_problems(machine, history):
    """R17, R24: each history key of a restore step names a superstate (whose cases hold its value) or a
    child-holding case (of which its value is) of the machine."""
    problems = []
    for key, value in history.items():
        # `level.name`: the history of the machine at that level (a child's case or a region's name, joined by `.`).
        *level, name = key.split(".")
        level_machine = machine or {}
        for depth, segment in enumerate(level):
            regions = {r["name"]: r["machine"] for r in level_machine.get("regions") or [] if depth == 0}
            children = {s["state"]["case"]: s["child"]["machine"] for s in level_machine.get("states") or []
                        if "child" in s and "case" in s["state"]}
            level_machine = regions.get(segment) or children.get(segment)
            if level_machine is None:
                problems.append(f"history names the level {show('.'.join(level[:depth + 1]))}, neither a child-holding case "
                                f"nor a region of the machine (R17, R24)")
                break
        else:
            problems += named_history_problems(level_machine, key, name, value)
    return problems


def named_history_problems(machine, key, name, value):
    """One history entry: `name` is a superstate or a child-holding case of `machine` that `value` fits."""
    problems = []
    superstates = {s["name"]: s["states"] for s in machine.get("superstates") or []}
    children = {s["state"]["case"] for s in machine.get("states") or [] if "child" in s and "case" in s["state"]}
    case = canon(value)[1]
    if name in superstates:
        if case not in superstates[name]:
            problems.append(f"history.{key} is {show(value)}, a state outside the superstate {show(name)}")
    elif name in children:
        if case != name:
            problems.append(f"history.{key} is {show(value)}, not a state of the child-holding case {show(name)}")
    else:
        problems.append(f"history names {show(key)}, neither a superstate nor a child-holding case of the machine (R17, R24)")
    return problems


def version_1_problems(doc):
    """`after` and advance steps need schemaVersion 2."""
    problems = []
    def states(items, where):
        for index, state in enumerate(items or []):
            if isinstance(state, dict) and "after" in state:
                problems.append(f'{where}[{index}].after: "after" needs "schemaVersion": 2 (this file has 1)')
    machine = doc.get("machine")
    if isinstance(machine, dict):
        states(machine.get("states"), "/machine/states")
    for s_index, scenario in enumerate(doc.get("scenarios") or []):
        for index, step in enumerate((scenario or {}).get("steps") or [] if isinstance(scenario, dict) else []):
            if isinstance(step, dict) and "history" in step:
                problems.append(f'/scenarios/{s_index}/steps/{index}/history: "history" needs "schemaVersion": 2 (this file has 1)')
            if isinstance(step, dict) and "advance" in step:
                problems.append(f'/scenarios/{s_index}/steps/{index}/advance: "advance" needs "schemaVersion": 2 (this file has 1)')
            if isinstance(step, dict) and isinstance(step.get("with"), dict):
                states(step["with"].get("states"), f"/scenarios/{s_index}/steps/{index}/with/states")
    return problems


def check_send(call):
    result = call["send"]["result"]
    if result.get("result") != "error" or result.get("error") != "recursionDetected":
        return ["a transition sent from inside a listener fails with recursionDetected (R16)"]
    return []


def same_call(actual, wanted):
    (kind, body), = actual.items()
    (wanted_kind, wanted_body), = wanted.items()
    if kind != wanted_kind or set(body) != set(wanted_body):
        return False
    for key, value in wanted_body.items():
        if key == "result":
            if body[key] != value:
                return False
        elif not same(body[key], value):
            return False
    return True


# ----------------------------------------------------------------------------- main

PROJECT_METADATA = "this project's own fixtures carry description, rules (at least one) and origin: Spec/FIXTURES.md, Ground rules"


def check_file(path, validator, spec_rules, project_validator=None):
    """Returns (document or None, problems). With project_validator, the file is one of this project's
    fixtures: its metadata is required and its rules must be rules of Spec/SPEC.md."""
    try:
        doc = load_strict(path)
    except StrictJSONError as error:
        return None, [str(error)]
    except json.JSONDecodeError as error:
        return None, [f"not JSON: {error}"]
    except (OSError, UnicodeDecodeError) as error:
        return None, [f"cannot read: {error}"]

    if isinstance(doc, dict) and "schemaVersion" in doc:
        version = doc["schemaVersion"]
        if isinstance(version, int) and not isinstance(version, bool) and version not in (1, 2, 3):
            return None, [f"unsupported schemaVersion {version} (this runtime reads 1, 2 and 3)"]
        problems = version_3_problems(doc)
        if problems:
            return None, problems
        if version == 1:
            problems = version_1_problems(doc)
            if problems:
                return None, problems

    problems = schema_problems(validator, doc)
    if problems:
        return None, problems
    if project_validator is not None:
        problems = [f"{problem} ({PROJECT_METADATA})" for problem in schema_problems(project_validator, doc)]
        if problems:
            return None, problems

    stem = Path(path).name[:-len(".json")] if Path(path).name.endswith(".json") else Path(path).name
    if doc["name"] != stem:
        problems.append(f'name is "{doc["name"]}", but the file is named "{Path(path).name}"')
    for rule in doc.get("rules", []) if project_validator is not None else []:
        if rule not in spec_rules:
            problems.append(f"rule {rule} is not a rule of Spec/SPEC.md")
    if doc["schemaVersion"] >= 2 and "machine" in doc:
        problems += v2.composition_problems(doc["machine"])
        if v2.is_composite(doc["machine"]):
            # R28.4: a child's timer sends the one parent event whose case maps to the timer's event.
            def case_name(value):
                return value if isinstance(value, str) else next(iter(value))

            def timers(machine, where, mapping):
                blocks = [(f"{where}/states/{i}", s) for i, s in enumerate(machine.get("states") or [])]
                blocks += [(f"{where}/superstates/{i}", s) for i, s in enumerate(machine.get("superstates") or [])]
                for at, block in blocks:
                    for index, timer in enumerate(block.get("after") or []):
                        if mapping is None:
                            continue
                        event = case_name(timer["send"])
                        parents = sorted(parent for parent, child in mapping.items() if child == event)
                        if len(parents) != 1:
                            problems.append(f'{at}/after/{index}/send: a child\'s timer sends the parent event that maps to its event (R28.4), but {len(parents)} parent cases map to "{event}"')
                for index, state in enumerate(machine.get("states") or []):
                    if "child" in state:
                        timers(state["child"]["machine"], f"{where}/states/{index}/child/machine", state["child"].get("events") or {})
                for index, region in enumerate(machine.get("regions") or []):
                    timers(region["machine"], f"{where}/regions/{index}/machine", None)
            timers(doc["machine"], "/machine", None)
            for index, scenario in enumerate(doc["scenarios"]):
                if any("with" in step for step in scenario["steps"]):
                    problems.append(f'scenario "{scenario["name"]}": a with step is not allowed with a composite machine (FIXTURES.md, schemaVersion 2)')
    problems += check_scenarios(doc)
    return doc, problems


def main(argv):
    schema = load_strict(SCHEMA_PATH)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    spec_rules, spec_problems = read_spec()

    project_validator = Draft202012Validator({"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/projectFixture"})
    project = bool(argv) and argv[0] == "--project"
    if project:
        argv = argv[1:]
        if not argv:
            print("validate-fixtures: --project needs the files to check (without arguments every Fixtures/*.json is checked as this project's)", file=sys.stderr)
            return 2
    corpus_mode = not argv
    if corpus_mode:
        project = True
        paths = sorted(FIXTURES_DIR.glob("*.json"))
    else:
        paths = []
        for arg in argv:
            # A folder stands for its *.json files in name order, as `statemachine check` reads it.
            path = Path(arg)
            if path.is_dir():
                inside = sorted(child for child in path.glob("*.json") if child.is_file())
                if not inside:
                    print(f"nothing was checked: no *.json files in {arg}")
                    return 1
                paths += inside
            else:
                paths.append(path)

    failures = {}   # display path -> list of problems
    docs = {}       # fixture name -> (display path, doc)
    order = []
    for path in paths:
        shown = rel(path)
        order.append(shown)
        doc, problems = check_file(path, validator, spec_rules, project_validator if project else None)
        failures[shown] = problems
        if doc is not None:
            docs[doc["name"]] = (shown, doc)

    global_problems = []
    if corpus_mode:
        global_problems += spec_problems
        named = {}
        for name, (shown, doc) in docs.items():
            for rule in doc["rules"]:
                named.setdefault(rule, set()).add(name)
        for rule, listed in spec_rules.items():
            if not named.get(rule):
                global_problems.append(f"{rel(SPEC_PATH)}: rule {rule} is exercised by no fixture")
            listed = listed or set()
            for name in sorted(named.get(rule, set()) - listed):
                failures[docs[name][0]].append(f"names {rule}, but the Fixtures: line of {rule} in Spec/SPEC.md does not list {name}.json")
            for name in sorted(listed - named.get(rule, set())):
                if name in docs:
                    failures[docs[name][0]].append(f"is listed under {rule} in Spec/SPEC.md, but its rules do not name {rule}")
                elif (FIXTURES_DIR / f"{name}.json").exists():
                    failures[rel(FIXTURES_DIR / f"{name}.json")].append(f"is listed under {rule} in Spec/SPEC.md")
                else:
                    global_problems.append(f"{rel(SPEC_PATH)}: {rule} lists {name}.json, which does not exist")
        for number in range(1, 17):
            if f"R{number}" not in spec_rules:
                global_problems.append(f"{rel(SPEC_PATH)}: rule R{number} is missing")

    passed = failed = 0
    for shown in order:
        problems = failures[shown]
        if problems:
            failed += 1
            for problem in problems:
                print(f"{shown}: {problem}")
        else:
            passed += 1
    for problem in global_problems:
        print(problem)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or global_problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
