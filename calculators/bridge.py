"""The browser worker's entry point: JSON in, JSON out, never an exception."""

from __future__ import annotations

import json
from typing import Any

from . import catalog, get, run
from .errors import InputError
from .present import render_result


def call(calc_id: str, inputs_json: str, uid: str = "r") -> str:
    """Run a calculator on JSON inputs; answer JSON with the result and its HTML.

    >>> answer = json.loads(call("arts.incapacity", '{"load": "3"}'))
    >>> answer["ok"], answer["result"]["p_incapacitated"]
    (True, '5/12')
    >>> json.loads(call("arts.incapacity", '{"load": "-1"}'))["error"]
    {'field': 'load', 'message': 'Fatigue or Stress carried must be at least 0.'}
    """
    try:
        inputs: Any = json.loads(inputs_json)
        result = run(calc_id, inputs)
        html = render_result(get(calc_id), result, uid)
        return json.dumps({"ok": True, "result": result, "html": html})
    except InputError as error:
        return json.dumps({"ok": False, "error": error.to_json()})
    except json.JSONDecodeError:
        return json.dumps({"ok": False, "error": {"field": "inputs", "message": "Bad request."}})
    except Exception as error:  # noqa: BLE001 - the worker must survive any bug
        message = f"The calculator failed: {type(error).__name__}: {error}"
        return json.dumps({"ok": False, "error": {"field": "", "message": message}})


def describe() -> str:
    """The catalog as JSON, for clients that want it.

    >>> json.loads(describe())[0]["id"]
    'arts.area'
    """
    return json.dumps(catalog())
