"""Hostile .docx uploads (issue #31 item 2): each is a 400 naming ``file``, decided from the zip's
directory or by a reader that stops at its bound, within well under 2 s of CPU. Every file is
built here (zipfile and hand-written XML), none is a binary fixture."""

import io
import struct
import time
import zipfile
import zlib

import pytest

from config import uploads
from studio import document

pytestmark = pytest.mark.django_db

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
    "</Types>"
)
RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
    'officeDocument" Target="word/document.xml"/></Relationships>'
)


def body(inner: str, head: str = "") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>{head}<w:document xmlns:w="{W}"><w:body>{inner}'
        "</w:body></w:document>"
    ).encode()


def paragraph(text: str) -> str:
    return f"<w:p><w:r><w:t>{text}</w:t></w:r></w:p>"


def docx(document_xml: bytes, *, rels: str = RELS, method=zipfile.ZIP_DEFLATED, extra=()) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", compression=method) as z:
        z.writestr("[Content_Types].xml", CONTENT_TYPES)
        z.writestr("_rels/.rels", rels)
        z.writestr("word/document.xml", document_xml)
        for name, content in extra:
            z.writestr(name, content)
    return data.getvalue()


def raw_zip(members) -> bytes:
    """A zip written byte by byte from (name, method, compressed bytes, inflated size, crc)."""
    out, central = bytearray(), bytearray()
    for name, method, data, size, crc in members:
        encoded = name.encode()
        fields = struct.pack("<HHHHHIII", 20, 0, method, 0, 0x21, crc, len(data), size)
        central += b"PK\x01\x02" + struct.pack("<H", 20) + fields
        central += struct.pack("<HHHHHII", len(encoded), 0, 0, 0, 0, 0, len(out)) + encoded
        out += b"PK\x03\x04" + fields + struct.pack("<HH", len(encoded), 0) + encoded + data
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(central), len(out), 0)
    return bytes(out + central + end)


def deflate_bomb(paragraphs_bytes: int, *, declared: int | None = None) -> bytes:
    """A .docx whose document part inflates to ``paragraphs_bytes`` of ``<w:p/>``: one deflate
    block, flushed so it stands alone, repeated (the test never holds the inflated part). Its
    directory says ``declared`` (the truth by default); its checksum is the truth only for a
    part small enough to be summed here."""
    start = f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W}"><w:body>'.encode()
    piece, end = b"<w:p/>" * 100_000, b"</w:body></w:document>"
    repeats = paragraphs_bytes // len(piece)
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = squeeze.compress(start) + squeeze.flush(zlib.Z_FULL_FLUSH)
    block = squeeze.compress(piece) + squeeze.flush(zlib.Z_FULL_FLUSH)
    stream = head + block * repeats + squeeze.compress(end) + squeeze.flush()
    size = len(start) + len(piece) * repeats + len(end)
    crc = zlib.crc32(start + piece * repeats + end) if size < 50_000_000 else 0
    return raw_zip(
        [
            (
                "[Content_Types].xml",
                0,
                CONTENT_TYPES.encode(),
                len(CONTENT_TYPES),
                zlib.crc32(CONTENT_TYPES.encode()),
            ),
            ("_rels/.rels", 0, RELS.encode(), len(RELS), zlib.crc32(RELS.encode())),
            ("word/document.xml", 8, stream, size if declared is None else declared, crc),
        ]
    )


def entity_bomb() -> bytes:
    entities = '<!ENTITY a0 "lol">' + "".join(f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10))
    return body(paragraph("&a9;"), head=f"<!DOCTYPE w:document [{entities}]>")


EXTERNAL_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="&x;" Target="word/document.xml"/></Relationships>'
)


def encrypted() -> bytes:
    data = bytearray(docx(body(paragraph("Tajne."))))
    # The encryption flag, bit 0 of the general purpose flags: local headers (offset 6) and
    # central directory entries (offset 8).
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = 0
        while (at := data.find(signature, at)) >= 0:
            data[at + offset] |= 1
            at += 4
    return bytes(data)


def corrupt() -> bytes:
    data = bytearray(docx(body(paragraph("Zasada pierwsza. ") * 200)))
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("word/document.xml")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 10, start + 60):
        data[i] ^= 0x5A
    return bytes(data)


HOSTILE = {
    # 1.3 GB of <w:p/> in some 1.3 MB: refused on its directory's ratio, never inflated.
    "deflate-bomb": (lambda: deflate_bomb(1_300_000_000), "inflates more than 100 times"),
    "bzip2": (
        lambda: docx(body(paragraph("Zasada.")) * 1, method=zipfile.ZIP_BZIP2),
        "compressed with method 12",
    ),
    "lzma": (lambda: docx(body(paragraph("Zasada.")), method=zipfile.ZIP_LZMA), "compressed with method 14"),
    # 32 KB that inflate to 20 MB of paragraphs, its directory saying 20 MB.
    "paragraphs": (lambda: deflate_bomb(20_000_000), "inflates more than 100 times"),
    # The same, its directory lying that the part is 60 KB: the reader stops at the stream.
    "lying-size": (
        lambda: deflate_bomb(20_000_000, declared=60_000),
        "damaged",
    ),
    # Within every size and ratio bound, but more paragraphs than any rules document.
    "many-paragraphs": (
        lambda: docx(body("".join(paragraph(f"{i}") for i in range(30_000)))),
        "more than 20000 paragraphs",
    ),
    "entity-bomb": (lambda: docx(entity_bomb()), "entities"),
    "malformed": (lambda: docx(body("<w:p><w:r><w:t>niedomknięte</w:r></w:p>")), "malformed"),
    "external-entity": (lambda: docx(body(paragraph("x")), rels=EXTERNAL_RELS), "entities"),
    "encrypted": (encrypted, "encrypted"),
    "corrupt": (corrupt, "damaged"),
    "not-a-zip": (lambda: b"PK\x03\x04 this is no zip at all", "not a zip archive"),
    "no-document": (
        lambda: docx(body(paragraph("x")), rels=RELS.replace('officeDocument"', 'other"')),
        "no document part",
    ),
    "not-word": (lambda: docx(b'<?xml version="1.0"?><workbook><sheets/></workbook>'), "not a Word document"),
    "too-long": (
        lambda: docx(body("".join(paragraph(f"Zasada gry numer {i}.") for i in range(6_000)))),
        "no more than 120000 characters",
    ),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_docx_is_a_400_naming_the_file_within_its_bounds(designer, token_api, kind):
    make, message = HOSTILE[kind]
    data = make()
    assert len(data) <= document.MAX_BYTES, len(data)
    api = token_api(designer)
    n = api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]
    upload = io.BytesIO(data)
    upload.name = "rules.docx"
    started = time.process_time()
    r = api.post(f"/api/v1/games/rada-miasta/drafts/{n}/document/", {"file": upload}, format="multipart")
    spent = time.process_time() - started
    assert r.status_code == 400, r.content
    errors = r.json()["errors"]
    assert list(errors) == ["file"] and message in errors["file"][0], errors
    assert spent < 1.0, f"{kind}: {spent:.2f} s of CPU"


def test_the_reader_stops_at_the_bound_whatever_the_directory_says():
    # A limit below the member's size is never passed (a member declared smaller than it
    # inflates is stopped at its declared size: the lying-size case above).
    archive = uploads.zip_open(docx(body("".join(paragraph(f"Zasada gry {i}.") for i in range(500)))))
    with pytest.raises(uploads.ArchiveRefused, match="inflates to more than 1000 bytes"):
        b"".join(uploads.zip_chunks(archive, "word/document.xml", 1000))


def test_a_word_document_reads_as_python_docx_reads_it():
    import docx as python_docx

    made = python_docx.Document()
    made.add_paragraph("Zasada pierwsza.")
    runs = made.add_paragraph("Druga ")
    runs.add_run("z\tdwóch")
    runs.add_run().add_break()
    runs.add_run("części.")
    made.add_paragraph("")
    made.add_table(rows=1, cols=1).cell(0, 0).text = "Tabela nie jest akapitem ciała."
    made.add_paragraph("Ostatnia.")
    data = io.BytesIO()
    made.save(data)
    expected = "\n".join(p.text for p in python_docx.Document(io.BytesIO(data.getvalue())).paragraphs)
    assert document.read_file("rules.docx", data.getvalue()) == expected
    assert expected == "Zasada pierwsza.\nDruga z\tdwóch\nczęści.\n\nOstatnia."


def test_the_document_page_names_the_file_of_a_bomb(designer, client):
    from django.utils import timezone

    from rules import services
    from rules.models import Game

    draft = services.draft_open(game=Game.objects.get(slug="rada-miasta"), author="dana", now=timezone.now())
    client.force_login(designer)
    upload = io.BytesIO(deflate_bomb(20_000_000))
    upload.name = "rules.docx"
    started = time.process_time()
    r = client.post(f"/design/rada-miasta/{draft.number}/document/", {"file": upload})
    assert time.process_time() - started < 1.0
    assert r.status_code == 400
    assert "inflates more than 100 times" in r.content.decode()
