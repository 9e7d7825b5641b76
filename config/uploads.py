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
from django.utils.translation import gettext as _

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


# ---------------------------------------------------------------- zip archives (.docx)
#
# A zip's central directory says how many members it holds, how each is compressed and how
# large each inflates to; all of it is checked before a byte is inflated, and the inflating
# itself stops at the bound whatever the directory said (a member may lie about its size).

ZIP_MAX_MEMBERS = 500  # a Word document has some 10–30 parts, a few hundred with images
ZIP_MAX_MEMBER_BYTES = 10_000_000  # inflated, per member (declared, and as read)
ZIP_MAX_TOTAL_BYTES = 20_000_000  # inflated, all members together (declared)
# Inflated over compressed: Word's XML compresses some 5–20 times; a bomb thousands of times.
ZIP_MAX_RATIO = 100
ZIP_RATIO_FLOOR = 64 * 1024  # a member smaller than this inflated may compress as well as it likes
ZIP_METHODS = {0: "stored", 8: "deflate"}  # bzip2 (12) and lzma (14) are refused
ZIP_CHUNK = 64 * 1024


class ArchiveRefused(ValueError):
    """A zip archive that is damaged, encrypted, or would inflate past the bounds above."""


def zip_open(data: bytes):
    """``data`` as a ``zipfile.ZipFile`` whose directory is within the bounds (every member
    stored or deflated, none encrypted, sizes and ratios within ZIP_*); ``ArchiveRefused``
    otherwise. Nothing is inflated."""
    import struct
    import zipfile

    try:
        archive = zipfile.ZipFile(BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, struct.error):
        raise ArchiveRefused(_("The file is not a zip archive (a .docx is one), or it is damaged.")) from None
    if len(members) > ZIP_MAX_MEMBERS:
        raise ArchiveRefused(_("The archive holds more than %(n)d files.") % {"n": ZIP_MAX_MEMBERS})
    total = 0
    for member in members:
        if member.flag_bits & 0x1:
            raise ArchiveRefused(_("The archive is encrypted; send it without a password."))
        if member.compress_type not in ZIP_METHODS:
            raise ArchiveRefused(
                _(
                    "The archive's file %(name)s is compressed with method %(method)d; only stored "
                    "and deflate are accepted."
                )
                % {"name": member.filename[:80], "method": member.compress_type}
            )
        if member.file_size > ZIP_RATIO_FLOOR and member.file_size > ZIP_MAX_RATIO * max(
            1, member.compress_size
        ):
            raise ArchiveRefused(
                _("The archive's file %(name)s inflates more than %(ratio)d times: it is not a document.")
                % {"name": member.filename[:80], "ratio": ZIP_MAX_RATIO}
            )
        if member.file_size > ZIP_MAX_MEMBER_BYTES:
            raise ArchiveRefused(
                _("The archive's file %(name)s inflates to more than %(mb)d MB.")
                % {"name": member.filename[:80], "mb": ZIP_MAX_MEMBER_BYTES // 1_000_000}
            )
        total += member.file_size
    if total > ZIP_MAX_TOTAL_BYTES:
        raise ArchiveRefused(
            _("The archive inflates to more than %(mb)d MB.") % {"mb": ZIP_MAX_TOTAL_BYTES // 1_000_000}
        )
    return archive


def zip_chunks(archive, name: str, limit: int):
    """The inflated bytes of member ``name`` of ``archive`` (from ``zip_open``), chunk by chunk,
    refusing (``ArchiveRefused``) past ``limit`` bytes or on a damaged stream; ``KeyError`` if
    there is no such member."""
    import zipfile
    import zlib

    info = archive.getinfo(name)
    past = _("The archive's file %(name)s inflates to more than %(n)d bytes.") % {
        "name": name[:80],
        "n": limit,
    }
    if info.file_size > limit:
        raise ArchiveRefused(past)
    read = 0
    try:
        with archive.open(info) as stream:
            while chunk := stream.read(ZIP_CHUNK):
                read += len(chunk)
                if read > limit:
                    raise ArchiveRefused(past)
                yield chunk
    except (
        zipfile.BadZipFile,
        zlib.error,
        OSError,
        EOFError,
        ValueError,
        NotImplementedError,
        RuntimeError,
    ) as exc:
        if isinstance(exc, ArchiveRefused):
            raise
        raise ArchiveRefused(_("The archive's file %(name)s is damaged.") % {"name": name[:80]}) from None
