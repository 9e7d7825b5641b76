"""The baseline: the shape of the well-known "fortunes" benchmark, in plain Django.

One query over a 12-row table, one row added in memory, a sort, one template
render (auto-escaped), through the project's full middleware stack.
"""

from operator import attrgetter

from django.shortcuts import render

from .models import Fortune

ADDED = "Additional fortune added at request time."


def fortunes(request):
    rows = list(Fortune.objects.all())
    rows.append(Fortune(id=0, message=ADDED))
    rows.sort(key=attrgetter("message"))
    return render(request, "bench/fortunes.html", {"fortunes": rows})
