"""Rows read and written with SQL built once per process: the statements every phone's request runs.

The ORM builds each statement anew (resolving the fields, compiling the query, converting the row): about
0.2–0.3 ms of Python for a statement SQLite runs in 0.03 ms. Here the SQL is built once per model, and values
go through their own fields exactly as the ORM sends them (``pre_save`` then ``get_db_prep_save``:
``auto_now`` times, JSON with the field's encoder, UUIDs as the database stores them) and reads them (the
backend's and the field's converters), so a row written or read here is the row the ORM would have written
or read. No model written here has signal receivers (:mod:`scoring.models` has them for players and seats).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from functools import cache
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model
from django.utils import timezone

M = TypeVar("M", bound=Model)
Converters = list[tuple[int, list[Callable[..., Any]], Any]]
_converters: WeakKeyDictionary[BaseDatabaseWrapper, dict[type[Model], Converters]] = WeakKeyDictionary()


@cache
def columns(model: type[Model], alias: str = "") -> str:
    """Every concrete column of ``model``, in the order its ``__init__`` takes them: what :func:`instances`
    reads (prefixed with the table's ``alias`` in a join)."""
    quote, prefix = connection.ops.quote_name, f"{alias}." if alias else ""
    return ", ".join(prefix + quote(field.column) for field in model._meta.concrete_fields)


def instances(model: type[M], sql: str, params: Sequence[Any]) -> list[M]:
    """The rows ``sql`` selects (its first columns :func:`columns` of ``model``), as instances of ``model``."""
    wrapper = connections[DEFAULT_DB_ALIAS]
    converters = _converters.setdefault(wrapper, {}).get(model)
    if converters is None:  # the backend's and the fields' converters, bound to this thread's connection
        converters = _converters[wrapper][model] = []
        for position, field in enumerate(model._meta.concrete_fields):
            column = field.get_col(model._meta.db_table)
            found = wrapper.ops.get_db_converters(column) + column.get_db_converters(wrapper)
            if found:
                converters.append((position, found, column))
    with wrapper.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    count, found_instances = len(model._meta.concrete_fields), []
    for row in rows:
        values = list(row[:count])
        for position, functions, column in converters:
            for convert in functions:
                values[position] = convert(values[position], column, wrapper)
        found_instances.append(model.from_db(wrapper.alias, None, values))  # type: ignore[arg-type]
    return found_instances


def reload(instance: Model) -> None:
    """Give ``instance`` every field's value as its row holds it now (as ``refresh_from_db`` does for the
    concrete fields)."""
    model = type(instance)
    fresh = instances(model, _by_pk_sql(model), [instance.pk])
    if not fresh:
        raise model.DoesNotExist(f"{model.__name__} {instance.pk} is gone")
    for field in model._meta.concrete_fields:  # a foreign key's cached object goes if its key changed (its __set__)
        setattr(instance, field.attname, getattr(fresh[0], field.attname))
    instance._state.adding, instance._state.db = False, fresh[0]._state.db


@cache
def _by_pk_sql(model: type[Model]) -> str:
    meta, quote = model._meta, connection.ops.quote_name
    return f"SELECT {columns(model)} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s"


@cache
def _insert_sql(model: type[Model], returning: bool) -> tuple[str, tuple[Field, ...]]:  # type: ignore[type-arg]
    """The INSERT of every concrete field but the automatic primary key, as ``Model.save`` sends it."""
    meta, quote = model._meta, connection.ops.quote_name
    fields = tuple(field for field in meta.concrete_fields if field is not meta.auto_field)
    columns = ", ".join(quote(field.column) for field in fields)
    sql = (f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
           + (f" RETURNING {quote(meta.pk.column)}" if returning else ""))
    return sql, fields


class Insert:
    """``instance``'s row as ``instance.save()`` would send it, sent by :meth:`run` (one statement). Rows made
    together (a deal and its first revision) share a :class:`Batch`: one time for their ``auto_now`` fields,
    and a value they both hold (the record) prepared once. (Values are prepared when made: change a field
    after, and :meth:`set` it.)"""

    def __init__(self, instance: Model, batch: Batch | None = None):
        self.instance, self.batch = instance, batch or Batch()
        self.returning = self.batch.db.features.can_return_columns_from_insert
        self.sql, self.fields = _insert_sql(type(instance), self.returning)
        self.params = [self.batch.param(field, instance) for field in self.fields]

    def set(self, name: str, value: Any) -> None:
        """Give the field ``name`` (a foreign key by its name, ``deal``) another value, on the instance too."""
        for index, field in enumerate(self.fields):
            if field.name == name:
                setattr(self.instance, name, value)
                self.params[index] = field.get_db_prep_save(field.pre_save(self.instance, True), self.batch.db)
                return
        raise KeyError(name)

    def run(self) -> Model:
        """Send the INSERT (one statement) and give the instance its primary key."""
        instance, meta, db = self.instance, self.instance._meta, self.batch.db
        with db.cursor() as cursor:
            cursor.execute(self.sql, self.params)
            instance.pk = (cursor.fetchone()[0] if self.returning
                           else db.ops.last_insert_id(cursor, meta.db_table, meta.pk.column))
        instance._state.adding = False
        instance._state.db = db.alias
        return instance


class Batch:
    """What rows made ready together share: the time of their ``auto_now``/``auto_now_add`` fields (as one
    ``save`` would give them, within microseconds) and each value's database form, prepared once."""

    def __init__(self) -> None:
        self.db = connections[DEFAULT_DB_ALIAS]  # this thread's connection (``connection`` looks it up each time)
        self.now = timezone.now()
        self._prepared: dict[tuple[Any, ...], tuple[Any, Any]] = {}

    def param(self, field: Field, instance: Model) -> Any:  # type: ignore[type-arg]
        """``field``'s value on ``instance``, as the database takes it (``pre_save``, ``get_db_prep_save``)."""
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):  # what pre_save does
            value = self.now
            setattr(instance, field.attname, value)
        else:
            value = field.pre_save(instance, True)
        if not isinstance(value, dict | list | datetime):  # numbers, text, keys: cheap to prepare
            return field.get_db_prep_save(value, self.db)
        key = (field.get_internal_type(), getattr(field, "encoder", None), id(value))
        if key not in self._prepared:  # the value is kept with its form, so its id is not reused meanwhile
            self._prepared[key] = (value, field.get_db_prep_save(value, self.db))
        return self._prepared[key][1]
