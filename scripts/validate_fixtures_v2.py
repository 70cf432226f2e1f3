"""Checks of schemaVersion 2 fixtures with composite machines (Spec/SPEC.md R19-R25).

Used by validate_fixtures.py. Two kinds of checks, neither of which runs a machine:

  - composition errors (R25) that the JSON shows: overlapping superstates, a child-holding
    definition that is not the only one for its case, an event mapped to a child case no handler
    of the child names, a region without handlers, history targets that name nothing, and the
    restrictions of the version-2 format (FIXTURES.md, schemaVersion 2);
  - the shape of every valid step's `calls` (R20, R22, R23): given the step's from- and to-state,
    the listener calls the rules require, level by level. Which level handled the event is read
    from the calls themselves (a call with a deeper `level` means the child moved); a machine
    whose state matchers use `where` is not checked this way (that would need the expression
    language).
"""

import json


def show(value):
    return json.dumps(value, separators=(", ", ": "))


def case_of(value):
    if isinstance(value, str):
        return value
    (name, _), = value.items()
    return name


def fields_of(value):
    if isinstance(value, str):
        return {}
    (_, fields), = value.items()
    return fields


def is_composite(machine):
    """A machine with superstates, children or regions (R19-R24)."""
    if "regions" in machine or machine.get("superstates"):
        return True
    return any("child" in definition for definition in machine.get("states", []))


# ----------------------------------------------------------------------------- R25

def composition_problems(machine, where="/machine", top=True):
    problems = []
    if "regions" in machine:
        names = [region["name"] for region in machine["regions"]]
        for name in sorted({n for n in names if names.count(n) > 1}):
            problems.append(f'{where}/regions: two regions are named "{name}" (R25)')
        for index, region in enumerate(machine["regions"]):
            at = f"{where}/regions/{index}/machine"
            if not handler_cases(region["machine"]):
                problems.append(f'{at}: region "{region["name"]}" has no handler, so no event reaches it (R25)')
            problems += composition_problems(region["machine"], at, top=False)
        return problems

    superstates = machine.get("superstates", [])
    names = [s["name"] for s in superstates]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f'{where}/superstates: two superstates are named "{name}" (R25)')
    for i, a in enumerate(superstates):
        for j in range(i + 1, len(superstates)):
            b = superstates[j]
            sa, sb = set(a["states"]), set(b["states"])
            if sa == sb:
                problems.append(f'{where}/superstates/{j}: superstates "{a["name"]}" and "{b["name"]}" have the same cases (R25)')
            elif sa & sb and not (sa < sb or sb < sa):
                problems.append(f'{where}/superstates/{j}: superstates "{a["name"]}" and "{b["name"]}" overlap: they share {sorted(sa & sb)} but neither contains the other (R25)')

    child_cases = set()
    definitions = machine["states"]
    for index, definition in enumerate(definitions):
        at = f"{where}/states/{index}"
        if not top:
            for key in ("onEnterSend", "onExitSend"):
                if key in definition:
                    problems.append(f"{at}: {key} is allowed only in the top machine (FIXTURES.md, schemaVersion 2)")
        if "child" not in definition:
            continue
        child = definition["child"]
        matcher = definition["state"]
        if "case" not in matcher or "where" in matcher:
            problems.append(f'{at}/state: a definition with a child must match a plain case, {{"case": …}} without "where" (R21, R25)')
            continue
        case = matcher["case"]
        child_cases.add(case)
        for other_index, other in enumerate(definitions):
            if other_index != index and can_match_case(other["state"], case):
                problems.append(f'{where}/states/{other_index}/state: another definition can match case "{case}", which holds a child (R21, R25)')
        handled = handler_cases(child["machine"])
        for parent_case, child_case in sorted(child["events"].items()):
            if child_case not in handled:
                problems.append(f'{at}/child/events/{parent_case}: "{child_case}" is handled by no handler of the child, so the event is mapped to nothing (R25)')
        problems += composition_problems(child["machine"], f"{at}/child/machine", top=False)

    for name in sorted(child_cases & set(names)):
        problems.append(f'{where}/superstates: "{name}" is both a superstate and a case holding a child (R25)')

    targets = set(names) | child_cases
    for at, history_of in history_targets(machine, where):
        if history_of not in targets:
            problems.append(f'{at}: historyOf "{history_of}" names no superstate and no child-holding case of this machine (R25)')
    return problems


def can_match_case(matcher, case):
    if "case" in matcher:
        return matcher["case"] == case
    return case_of(matcher["eq"]) == case


def handler_cases(machine):
    """Event cases named by the handlers of a machine's definitions and superstates."""
    cases = set()
    for owner in machine.get("states", []) + machine.get("superstates", []):
        for handler in owner["on"]:
            matcher = handler["event"]
            cases.add(matcher["case"] if "case" in matcher else case_of(matcher["eq"]))
    return cases


def history_targets(machine, where):
    """(location, historyOf) of the history targets in this machine's own handlers."""
    found = []
    owners = [(f"{where}/states/{i}", d) for i, d in enumerate(machine.get("states", []))]
    owners += [(f"{where}/superstates/{i}", s) for i, s in enumerate(machine.get("superstates", []))]
    for at, owner in owners:
        for index, handler in enumerate(owner["on"]):
            found += actions_history(handler["do"], f"{at}/on/{index}/do")
    return found


def actions_history(action, at):
    if "if" in action:
        return actions_history(action["then"], f"{at}/then") + actions_history(action["else"], f"{at}/else")
    target = action.get("transition")
    if isinstance(target, dict) and "historyOf" in target:
        return [(f"{at}/transition", target["historyOf"])]
    return []


def uses_where(machine):
    if "regions" in machine:
        return any(uses_where(region["machine"]) for region in machine["regions"])
    for definition in machine["states"]:
        if "where" in definition["state"]:
            return True
        if "child" in definition and uses_where(definition["child"]["machine"]):
            return True
    return False


def has_sends(machine):
    return any("onEnterSend" in d or "onExitSend" in d for d in machine.get("states", []))


# ----------------------------------------------------------------------------- calls (R20, R22, R23)

def definition_of(machine, value, same):
    """The first definition whose matcher matches value (R5); matchers without `where` only."""
    for definition in machine["states"]:
        matcher = definition["state"]
        if "case" in matcher:
            if matcher["case"] == case_of(value):
                return definition
        elif same(matcher["eq"], value):
            return definition
    return None


def containing(machine, value):
    """The superstates containing value's case, innermost first."""
    chain = [s for s in machine.get("superstates", []) if case_of(value) in s["states"]]
    return sorted(chain, key=lambda s: len(s["states"]))


def call(kind, state, cause, level, superstate=None):
    body = {"state": state, "cause": cause}
    if level:
        body["level"] = level
    if superstate is not None:
        body["superstate"] = superstate
    return {kind: body}


def handles_case(handler, event):
    matcher = handler["event"]
    return case_of(matcher["eq"]) == case_of(event) if "eq" in matcher else matcher.get("case") == case_of(event)


def reentering(machine, s, event, same):
    """R29: the name of the superstate whose `"reenter": true` handler takes event in s, or None."""
    definition = definition_of(machine, s, same)
    if definition is not None and any(handles_case(h, event) for h in definition["on"]):
        return None
    for superstate in containing(machine, s):
        for handler in superstate["on"]:
            if handles_case(handler, event):
                return superstate["name"] if handler.get("reenter") else None
    return None


def through(chain, name):
    """The names of chain (innermost first) up to and including the superstate name; empty without it."""
    names = [superstate["name"] for superstate in chain]
    return set(names[:names.index(name) + 1]) if name in names else set()


def level_move(machine, s, t, event, level, same):
    """R20 at one level: the calls of a transition from s to t handled at this level; R29 for a
    re-entering superstate handler."""
    calls = []
    name = reentering(machine, s, event, same)
    left, entered = containing(machine, s), containing(machine, t)
    again_exit = through(left, name) if name in through(entered, name) else set()
    again_enter = through(entered, name) if again_exit else set()
    if definition_of(machine, s, same) is not None:
        calls.append(call("onExit", s, event, level))
    for superstate in left:
        if case_of(t) not in superstate["states"] or superstate["name"] in again_exit:
            calls.append(call("onExit", s, event, level, superstate["name"]))
    for superstate in reversed(entered):
        if case_of(s) not in superstate["states"] or superstate["name"] in again_enter:
            calls.append(call("onEnter", t, event, level, superstate["name"]))
    if definition_of(machine, t, same) is not None:
        calls.append(call("onEnter", t, event, level))
    return calls


def expected_moves(machine, s, t, event, level, same):
    """Every call list R20/R22 allow for s -> t at this level: the level's own move, and, when s and
    t are values of one child-holding case with the same other fields, each move of the child."""
    options = [level_move(machine, s, t, event, level, same)]
    definition = definition_of(machine, s, same)
    if definition is not None and "child" in definition and case_of(s) == case_of(t):
        child = definition["child"]
        field = child["field"]
        fs, ft = fields_of(s), fields_of(t)
        rest_s = {k: v for k, v in fs.items() if k != field}
        rest_t = {k: v for k, v in ft.items() if k != field}
        mapped = child["events"].get(case_of(event))
        if (mapped is not None and field in fs and field in ft and set(rest_s) == set(rest_t)
                and all(same_field(rest_s[k], rest_t[k], same) for k in rest_s)):
            child_event = {mapped: fields_of(event)}
            child_level = f"{level}.{case_of(s)}" if level else case_of(s)
            options += expected_moves(child["machine"], fs[field], ft[field], child_event, child_level, same)
    return options


def done_moves(machine, s, t, event, calls, same):
    """R27: the call lists of a step in which the child of s reached a final state f and the parent's
    onDone went from s-holding-f to t: each move of the child to f, then the parent's move. f is read
    from the calls (the child level's last onEnter), since neither from nor to holds it."""
    definition = definition_of(machine, s, same)
    if definition is None or "child" not in definition or "onDone" not in definition:
        return []
    child = definition["child"]
    field, level = child["field"], case_of(s)
    mapped = child["events"].get(case_of(event))
    entered = [body["state"] for call in calls for kind, body in call.items()
               if kind == "onEnter" and isinstance(body, dict) and body.get("level") == level]
    if mapped is None or field not in fields_of(s) or not entered:
        return []
    final = entered[-1]
    final_definition = definition_of(child["machine"], final, same)
    if final_definition is None or final_definition.get("final") is not True:
        return []
    # A child state inside its parent's value is always in the long form.
    holding = {level: {**fields_of(s), field: final if isinstance(final, dict) else {final: {}}}}
    child_event = {mapped: fields_of(event)}
    parent = level_move(machine, holding, t, event, None, same)
    return [option + parent for option in expected_moves(child["machine"], fields_of(s)[field], final, child_event, level, same)]


def same_field(a, b, same):
    if isinstance(a, dict) and isinstance(b, dict):
        return same(a, b)
    return type(a) is type(b) and a == b


def check_composite_calls(machine, event, expect, calls, same_call, same):
    """The shape of a valid step's calls after onTransition, for a composite machine."""
    if uses_where(machine) or has_sends(machine):
        return []
    rest = calls[1:]
    if "regions" in machine:
        product = machine["product"]
        s_regions, t_regions = fields_of(expect["from"]), fields_of(expect["to"])
        if case_of(expect["from"]) != product or case_of(expect["to"]) != product:
            return [f'from and to of a product machine are values of case "{product}" (R23)']
        problems = []
        names = [region["name"] for region in machine["regions"]]
        exits = {name: [] for name in names}
        enters = {name: [] for name in names}
        for call in rest:
            name = region_of(call)
            kind = next(iter(call))
            if name not in exits or kind not in ("onExit", "onEnter"):
                problems.append(f"unexpected call {show(call)}: a product's calls are its regions' exits and entries (R23)")
                continue
            (exits if kind == "onExit" else enters)[name].append(call)
        # SCXML's order: every exit, the later regions' first; then every entry, in region order.
        scxml = [call for name in reversed(names) for call in exits[name]] + [call for name in names for call in enters[name]]
        if not problems and scxml != rest:
            problems.append(f"the calls are {show(rest)}, but R23 orders them every exit first, the later regions' first, then every entry in region order: {show(scxml)}")
        for region in machine["regions"]:
            name = region["name"]
            if name not in s_regions or name not in t_regions:
                return [f'from or to has no field "{name}" (R23)']
            mine = exits[name] + enters[name]
            moved = not same(s_regions[name], t_regions[name])
            if not mine:
                if moved:
                    problems.append(f'region "{name}" moved, but has no listener calls (R23)')
                continue
            options = expected_moves(region["machine"], s_regions[name], t_regions[name], event, name, same)
            if not any(matches(mine, option, same_call) for option in options):
                problems.append(f'the calls of region "{name}" are {show(mine)}, but R20/R22 give {" or ".join(show(o) for o in options)}')
        return problems
    options = expected_moves(machine, expect["from"], expect["to"], event, None, same)
    options += done_moves(machine, expect["from"], expect["to"], event, rest, same)
    if any(matches(rest, option, same_call) for option in options):
        return []
    return [f'the calls after onTransition are {show(rest)}, but R20/R22 give {" or ".join(show(o) for o in options)}']


def region_of(entry):
    (_, body), = entry.items()
    level = body.get("level") if isinstance(body, dict) else None
    return level.split(".")[0] if level else None


def matches(actual, wanted, same_call):
    return len(actual) == len(wanted) and all(same_call(a, w) for a, w in zip(actual, wanted))
