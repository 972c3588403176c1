"""shuffle_audit.pyi, the package's types, held to the native module it describes: the same public names in the
module and in `Report`, the same parameters, kinds and defaults (the runtime's from `inspect.signature`, which
reads the defaults pyo3 wrote from the binding's one `defaults!` list), and the same docstrings. The stub and
`py.typed` are checked where the wheel installed them, next to the module."""

import ast
import inspect
from pathlib import Path

import pytest

import shuffle_audit


def installed_stub() -> Path:
    # maturin ships a pure-Rust module's `shuffle_audit.pyi` as the package's `__init__.pyi`.
    package = Path(shuffle_audit.__file__).parent
    stub = package / "__init__.pyi"
    assert stub.is_file(), f"no stub in the installed package: {sorted(p.name for p in package.iterdir())}"
    return stub


STUB = ast.parse(installed_stub().read_text(encoding="utf-8"))


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_names(body):
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def stub_defs(body):
    return {n.name: n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}


REPORT = stub_defs(STUB.body)["Report"]
FUNCTIONS = [n for n in STUB.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
METHODS = [n for n in REPORT.body if isinstance(n, ast.FunctionDef)]


def test_the_wheel_ships_the_stub_and_py_typed():
    package = Path(shuffle_audit.__file__).parent
    assert (package / "py.typed").is_file()
    assert installed_stub().read_text(encoding="utf-8").startswith('"""Types of shuffle_audit')


def test_the_stub_names_what_the_module_exports():
    assert public(stub_names(STUB.body)) == public(dir(shuffle_audit)) - {"shuffle_audit"}


def test_the_stub_names_what_a_report_has():
    assert public(stub_names(REPORT.body)) == public(dir(shuffle_audit.Report))
    # The special methods the class defines itself, and which of its members are properties.
    own = {n for n in vars(shuffle_audit.Report) if n in ("__repr__", "__str__")}
    assert own == stub_names(REPORT.body) - public(stub_names(REPORT.body))
    for method in METHODS:
        is_property = any(isinstance(d, ast.Name) and d.id == "property" for d in method.decorator_list)
        runtime = inspect.getattr_static(shuffle_audit.Report, method.name)
        assert is_property == inspect.isdatadescriptor(runtime), method.name


def parameters(node):
    """(name, kind, default) of each parameter of a stub's function; `self` left out."""
    a = node.args
    out = []
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + a.defaults
    for i, (arg, default) in enumerate(zip(positional, defaults)):
        kind = "POSITIONAL_ONLY" if i < len(a.posonlyargs) else "POSITIONAL_OR_KEYWORD"
        out.append((arg.arg, kind, default))
    out += [(arg.arg, "KEYWORD_ONLY", d) for arg, d in zip(a.kwonlyargs, a.kw_defaults)]
    out = [(name, kind, inspect.Parameter.empty if d is None else ast.literal_eval(d)) for name, kind, d in out]
    return [p for p in out if p[0] != "self"]


def runtime_parameters(function):
    return [
        (p.name, p.kind.name, p.default)
        for p in inspect.signature(function).parameters.values()
        if p.name != "self"
    ]


@pytest.mark.parametrize("node", FUNCTIONS, ids=lambda n: n.name)
def test_each_functions_signature_and_defaults(node):
    runtime = getattr(shuffle_audit, node.name)
    assert parameters(node) == runtime_parameters(runtime)
    # Equal as numbers is not enough for the stub's readers: the same literal, 1e-09 or 0.001 as Python writes it.
    for (_, _, stub), (_, _, real) in zip(parameters(node), runtime_parameters(runtime)):
        assert type(stub) is type(real) and repr(stub) == repr(real)


@pytest.mark.parametrize("node", [m for m in METHODS if not m.decorator_list and not m.name.startswith("_")],
                         ids=lambda n: n.name)
def test_each_methods_signature(node):
    assert parameters(node) == runtime_parameters(getattr(shuffle_audit.Report, node.name))


def test_the_defaults_are_the_ones_a_call_without_them_gets():
    # The signature's defaults are what the functions use: the same report with them and without.
    def fair(deck, rng):
        rng.shuffle(deck)

    sig = inspect.signature(shuffle_audit.audit).parameters
    given = {k: sig[k].default for k in ("seed", "tests", "fail_below", "suspicious_below")}
    assert shuffle_audit.audit(fair, deck=8, shuffles=2000, **given).p_values == \
        shuffle_audit.audit(fair, deck=8, shuffles=2000).p_values
    report = shuffle_audit.audit(fair, shuffles=1000)
    assert report.p_values == shuffle_audit.audit(fair, deck=sig["deck"].default, shuffles=1000).p_values
    assert "52 cards" in report.summary()


def docstrings():
    for node in FUNCTIONS + [REPORT]:
        yield node.name, node, getattr(shuffle_audit, node.name, None)
    for node in METHODS:
        if ast.get_docstring(node) is not None:
            yield f"Report.{node.name}", node, inspect.getattr_static(shuffle_audit.Report, node.name, None)


@pytest.mark.parametrize("name,node,runtime", [pytest.param(*d, id=d[0]) for d in docstrings()])
def test_each_docstring_is_the_modules(name, node, runtime):
    assert runtime is not None, f"{name} is in the stub only"
    assert ast.get_docstring(node) == inspect.cleandoc(runtime.__doc__), name


def test_every_public_stub_function_and_method_has_a_docstring():
    missing = [n.name for n in FUNCTIONS + METHODS if not n.name.startswith("_") and ast.get_docstring(n) is None]
    assert missing == []
