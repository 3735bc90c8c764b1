"""Django's own messages that our forms show beside a field, listed so that ``make messages`` keeps them in
``locale/``, whose catalogs Django reads before its own: the Spanish pages speak to the player with "tú", where
Django's Spanish says "usted" ("Asegúrese de que este valor…", "Introduzca…"). French keeps Django's words,
already in "vous"."""

from django.utils.translation import gettext_noop, ngettext_lazy

WORDS = (
    gettext_noop("Enter a valid value."),
    gettext_noop("Enter a number."),
    gettext_noop("Enter a valid UUID."),
    gettext_noop("Enter a list of values."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
    gettext_noop("No file was submitted. Check the encoding type on the form."),
)
PLURAL_WORDS = (
    ngettext_lazy("Ensure this value has at least %(limit_value)d character (it has %(show_value)d).",
                  "Ensure this value has at least %(limit_value)d characters (it has %(show_value)d).",
                  "limit_value"),
    ngettext_lazy("Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
                  "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
                  "limit_value"),
)
