"""A strategy of a written-out OpenSpiel game (:mod:`zermelo.openspiel.tree`) as OpenSpiel's
own tabular policy, for OpenSpiel's exploitability and policy value to check."""

from __future__ import annotations

from typing import Any

from open_spiel.python import policy as os_policy

from zermelo.openspiel.tree import FloatArray, Tree


def tabular(native: Any, tree: Tree, sigma: FloatArray) -> os_policy.TabularPolicy:
    """``sigma`` over ``tree`` (built from the OpenSpiel game ``native``) as a TabularPolicy,
    keyed by OpenSpiel's information-state strings."""
    table = os_policy.TabularPolicy(native)
    for i, state in enumerate(tree.sample):
        row = table.policy_for_key(state.native.information_state_string(int(tree.owner[i])))
        for a, action in enumerate(state.native.legal_actions()):
            row[action] = sigma[tree.offset[i] + a]
    return table
