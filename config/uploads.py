"""Where a request may carry a file, and how big: the upload endpoints say so, nothing else
reads one.

A view that takes a file is marked ``@accepts_upload(max_bytes)`` (a function view or a DRF
view class). ``config.middleware.BodyGateMiddleware`` answers a form body
(multipart or urlencoded) whose declared Content-Length passes the view's limit (or, for any
other view, DATA_UPLOAD_MAX_MEMORY_SIZE) with a 413 before a byte of it is read, and tells the
upload handler below the limit of the view; the handler keeps a file in memory, counting as it
streams, and refuses a file part on a view that takes none. No file ever goes to disk, so no
temporary file can be left behind by a worker that dies mid-upload; memory per request is
bounded by the endpoint's limit (5 MB for an import).
"""

from __future__ import annotations

from io import BytesIO

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler

# Room for a multipart body's boundaries, part headers and small fields around the file.
MULTIPART_OVERHEAD = 64 * 1024


def accepts_upload(max_bytes: int):
    """Mark a view as one that takes a file of at most ``max_bytes`` (the whole body)."""

    def mark(view):
        view.upload_limit = max_bytes + MULTIPART_OVERHEAD
        return view

    return mark


def upload_limit(view_func) -> int | None:
    """The body limit of an upload endpoint (a function view or a DRF view), else None."""
    limit = getattr(view_func, "upload_limit", None)
    if limit is None:  # DRF's as_view() keeps the class it was made from
        limit = getattr(getattr(view_func, "cls", None), "upload_limit", None)
    return limit


class UploadRefused(SuspiciousOperation):
    """A file part sent to a view that takes no file."""


class UploadTooLarge(RequestDataTooBig):
    """More file bytes than the endpoint's limit arrived (a body longer than it said)."""

    def __init__(self, limit: int):
        super().__init__(f"The body is larger than {limit} bytes.")
        self.limit = limit


class BoundedMemoryUploadHandler(FileUploadHandler):
    """Files in memory, at most the endpoint's limit; none at all where no file is taken."""

    chunk_size = 64 * 1024

    def handle_raw_input(self, input_data, META, content_length, boundary, encoding=None):
        self.limit = getattr(self.request, "upload_limit", None)
        self.received = 0

    def new_file(self, *args, **kwargs):
        super().new_file(*args, **kwargs)
        if not self.limit:
            raise UploadRefused(f"{self.request.path} takes no file (field {self.field_name}).")
        self.file = BytesIO()

    def receive_data_chunk(self, raw_data, start):
        self.received += len(raw_data)
        if self.received > self.limit:
            raise UploadTooLarge(self.limit)
        self.file.write(raw_data)

    def file_complete(self, file_size):
        self.file.seek(0)
        return InMemoryUploadedFile(
            file=self.file,
            field_name=self.field_name,
            name=self.file_name,
            content_type=self.content_type,
            size=file_size,
            charset=self.charset,
            content_type_extra=self.content_type_extra,
        )
