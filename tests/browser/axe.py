"""axe-core (pinned in ``package.json``, from npm) run in a page: WCAG 2.1 A and AA rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

#: The rules' tags: WCAG 2.0 and 2.1, levels A and AA.
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

RUN = """async (tags) => {
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary }))
    }));
}"""


def violations(page: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict]:
    """The page's WCAG 2.1 A/AA violations of these impacts, as axe-core reports them."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN, WCAG_AA)
    return [v for v in found if v["impact"] in impacts]


def report(found: list[dict]) -> str:
    """One line a violation and element: the rule, the element and why."""
    return "\n".join(
        f"{v['id']} ({v['impact']}): {n['target']}: {n['summary'].splitlines()[-1].strip()}"
        for v in found
        for n in v["nodes"][:8]
    )
