"""Stage 1 of the funnel: static checks of the candidate's source, in the supervisor's process.

Runs where: the trusted supervisor (funnel/verifier.py calls `checks.check_source`). The candidate is only
parsed with `ast`, never imported or executed, so nothing here needs a sandbox.
May import: the standard library and each other (existence.py also imports a fixed list of the supervisor's
own dependencies, torch and triton, to tell a name that does not exist from one outside the allowlist); nothing from sandbox/ or funnel/ (the rules must not
depend on how or where code later runs). Entry point: `checks.check_source(code, reference_src)` returns
the list of `violations.Violation` records; an empty list means the candidate may be run.
"""
