"""The verifier: a staged funnel run in sandboxed worker processes, behind a pool of Ray actors."""
