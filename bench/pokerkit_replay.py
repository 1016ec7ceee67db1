"""Replays PHH files in pokerkit (an independent engine) and compares each hand's final stacks with its
finishing_stacks. Felt's export marks where a hand departs from PHH's variants (`_felt_notes`, docs/regulators.md)
and carries the house's rake as `_felt_rake_by_pot` ([pot before rake, rake] per pot), which this script hands to
pokerkit as its rake function.

Strict: each action is applied with pokerkit's parse_action; an action pokerkit refuses is a refusal (pokerkit's
own iteration would "repair" the hand by checking or folding instead). Usage, with pokerkit's source on PYTHONPATH:
    PYTHONPATH=/path/to/pokerkit python3 bench/pokerkit_replay.py FILE.phhs... > report.json
Prints a JSON report: counts (matched, mismatched, refused) for plain hands and per note kind for marked ones.
With --final-stacks FILE.phh|FOLDER...: pokerkit's own reading of each file (HandHistory.load, decimals kept), and the
final stacks it plays to, for comparing `felt phh` with pokerkit on hands written by hand (test/fixtures/phh-online).
"""
import json
import os
import sys
import warnings
import tomllib
from collections import Counter

from pokerkit import Automation, HandHistory
from pokerkit.notation import parse_action

# Notes after which the file still replays to the same stacks (an equivalent was written).
EQUIVALENT = {'new-player-post', 'dead-post', 'raise-nobody-can-call', 'check-for-pokerkit', 'rake', 'bomb-pot', 'run-it-twice'}


def replay(table):
    pots = table.get('_felt_rake_by_pot', [])
    # pokerkit asks its rake function for every pot it computes. It merges adjacent pots that the same players
    # contend once the losers' hands are killed, so a pot may be several of the table's: each run of adjacent
    # pots, by its amount, with its rake. A pot won by folds leaves out the winner's matched bet on the last street
    # (it goes back with the pot), so when no run has the amount, the nearest run's rake is taken.
    # Two runs may have the same amount (a pot of 369 and two adjacent pots of 185 and 184): the run of fewer pots
    # is taken, as pokerkit merges only pots that the same players contend.
    runs = [(sum(p[0] for p in pots[i:j]), sum(p[1] for p in pots[i:j]), j - i) for i in range(len(pots)) for j in range(i + 1, len(pots) + 1)]

    def rake(amount, state=None):
        if not runs:
            return 0, amount
        gross, taken, _ = min(runs, key=lambda run: (run[0] != amount, abs(run[0] - amount), run[2]))
        taken = min(taken, amount)
        return taken, amount - taken

    fields = {k: v for k, v in table.items() if not k.startswith('_')}
    # A board run twice (_felt_runs): PHH's actions cannot say so, and HandHistory's automation picks one runout;
    # without that automation, every player pokerkit asks selects the table's number of runs.
    runouts = table.get('_felt_runs', 1)
    extra = {}
    if runouts > 1:
        extra['automations'] = tuple(a for a in HandHistory.__dataclass_fields__['automations'].default if a != Automation.RUNOUT_COUNT_SELECTION)
    hh = HandHistory(**HandHistory._filter_non_fields(**fields), rake=rake, **extra)
    state = hh.create_state()
    actions = list(hh.actions)
    reordered = False
    k = 0
    while k < len(actions):
        action = actions[k]
        # Burnt cards are not written in PHH: pokerkit's own reader burns an unknown card where one is due.
        while state.can_burn_card():
            state.burn_card('??')
        while runouts > 1 and state.can_select_runout_count():
            state.select_runout_count(runouts)
        try:
            parse_action(state, action)
        except (ValueError, UserWarning) as e:
            # PHH tables the hands of an all-in showdown before the rest of the board (TDA 16), as Felt does since
            # issue 17; a log from before it shows them after. With --table-early such hands are shown first.
            later = [j for j in range(k + 1, len(actions)) if ' sm' in actions[j]]
            if TABLE_EARLY and action.startswith('d db') and state.can_show_or_muck_hole_cards() and later:
                actions = actions[:k] + [actions[j] for j in later] + [a for j, a in enumerate(actions) if j >= k and j not in later]
                reordered = True
                continue
            return 'refused', f'action {k + 1} "{action}": {e}'
        k += 1
    # The file ends when the table's hand did; pokerkit may still want hands shown or chips pushed.
    for _ in range(50):
        if not state.status:
            break
        if state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards()
        elif state.can_select_runout_count():
            state.select_runout_count(runouts if runouts > 1 else None)
        else:
            break
    if state.status:
        return 'refused', 'pokerkit did not end the hand after the last action'
    stacks = list(state.stacks)
    if stacks != table['finishing_stacks']:
        return 'mismatched', f'pokerkit {stacks} != finishing_stacks {table["finishing_stacks"]}'
    return ('matched-tabled-early' if reordered else 'matched'), None


def main(paths):
    plain = Counter()
    marked = {}
    examples = []
    reasons = Counter()
    marked_reasons = {}
    equivalent = {}
    hands = 0
    for path in paths:
        with open(path, 'rb') as f:
            doc = tomllib.load(f)
        tables = [doc] if 'variant' in doc else [v for v in doc.values() if isinstance(v, dict)]
        for table in tables:
            hands += 1
            noted = {n.split(':', 1)[0] for n in table.get('_felt_notes', [])}
            kinds = sorted(noted - EQUIVALENT)
            try:
                outcome, why = replay(table)
            except Exception as e:  # a hand pokerkit cannot even set up
                outcome, why = 'refused', f'{type(e).__name__}: {e}'
            if kinds:
                for kind in kinds:
                    marked.setdefault(kind, Counter())[outcome] += 1
                    if not outcome.startswith('matched'):
                        marked_reasons.setdefault(kind, Counter())[why.split(': ', 1)[-1][:60]] += 1
            else:
                plain[outcome] += 1
                for kind in noted:
                    equivalent.setdefault(kind, Counter())[outcome] += 1
                if not outcome.startswith('matched'):
                    reasons[why.split(': ', 1)[-1][:70]] += 1
                if not outcome.startswith('matched') and len(examples) < 10:
                    examples.append({'file': path, 'hand': table.get('hand'), 'outcome': outcome, 'why': why})
    print(json.dumps({'hands': hands, 'plain': dict(plain), 'equivalent': {k: dict(v) for k, v in equivalent.items()}, 'marked': {k: dict(v) for k, v in marked.items()}, 'reasons': dict(reasons.most_common(12)), 'marked_reasons': {k: dict(v.most_common(4)) for k, v in marked_reasons.items()}, 'examples': examples}, indent=2))


def phh_files(paths):
    """The paths given, a folder standing for its .phh and .phhs files (recursively, sorted), as `felt phh` reads them."""
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()
                for name in sorted(names):
                    if name.endswith(('.phh', '.phhs')):
                        yield os.path.join(root, name)
        else:
            yield path


def final_stacks(paths):
    """pokerkit's own reading of PHH files written by hand (decimal amounts, posts): each hand loaded with
    HandHistory.load and played through, its final stacks printed by file, as floats."""
    out = {}
    for path in phh_files(paths):
        try:
            with open(path, 'rb') as f:
                hh = HandHistory.load(f)
            state = None
            for state in hh:
                pass
            out[path] = {'stacks': [float(s) for s in state.stacks], 'ended': not state.status}
        except Exception as e:  # a hand pokerkit cannot read or play
            out[path] = {'error': f'{type(e).__name__}: {e}'}
    print(json.dumps(out, indent=2))


TABLE_EARLY = False

if __name__ == '__main__':
    warnings.simplefilter('ignore')  # pokerkit warns about legal but pointless folds; they are still replayed
    args = sys.argv[1:]
    if '--final-stacks' in args:
        args.remove('--final-stacks')
        final_stacks(args)
        sys.exit(0)
    if '--table-early' in args:
        TABLE_EARLY = True
        args.remove('--table-early')
    main(args)
