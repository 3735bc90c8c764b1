"""Spanish amounts grouped with a point, "50.000,00 COP", as tables in Spain and Latin America write them
(and as the stake box reads them: ``scoring.forms.parse_money``). Django's own Spanish formats group with a
no-break space, the typographers' recommendation that a bill or a notebook at the table does not follow.
Django's own Spanish formats are kept for everything else."""

THOUSAND_SEPARATOR = "."
