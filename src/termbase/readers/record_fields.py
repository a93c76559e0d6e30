"""What the record readers (CSV/TSV, JSON, YAML) share: field names, empty values, links.

Tabular and data glossaries name their fields in many ways (`Term`, `CONCEPT`,
`prefLabel`; `def`, `Definition`, `description`). `field_role` maps a field name to the
role it plays in an Entry; `record_entry` turns one record's fields into an Entry.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from termbase.labels import clean_label, is_acronym_of, parse_term
from termbase.language_tags import known_language_tag
from termbase.model import Entry
from termbase.table_shape import named_language

#: Field names (case-folded, only letters and digits kept) and the role each plays.
FIELD_ROLES: dict[str, str] = {
    **dict.fromkeys(
        [
            "term",
            "terms",
            "name",
            "concept",
            "label",
            "preflabel",
            "title",
            "word",
            "headword",
            "lemma",
            "entry",
            "keyword",
            "phrase",
            # the same column names in other languages a glossary's header is written in
            "begrip",  # nl
            "begriff",  # de
            "terme",  # fr
            "termino",  # es
            "termo",  # pt
            "termine",  # it
            "glossterm",  # DocBook's element names, also written as JSON keys
        ],
        "term",
    ),
    **dict.fromkeys(
        [
            "definition",
            "definitions",
            "def",
            "description",
            "desc",
            "meaning",
            "explanation",
            "betekenis",  # nl
            "omschrijving",
            "bedeutung",  # de
            "erklarung",
            "erlauterung",
            "beschreibung",
            "signification",  # fr
            "significado",  # es, pt
            "definicion",
            "definicao",
            "significato",  # it
            "definizione",
            "gloss",
            "glossdef",
            "summary",
            "body",
        ],
        "definition",
    ),
    **dict.fromkeys(
        [
            "altlabel",
            "altlabels",
            "synonym",
            "synonyms",
            "alias",
            "aliases",
            "acronym",
            "acronyms",
            "abbr",
            "abbrev",
            "abbreviation",
            "abbreviations",
            "variant",
            "variants",
            "hiddenlabel",
            "alternative",
            "alternatives",
            "othernames",
            "othername",
            "alternativenames",
            "alternativeterms",
            "alternatenames",
            "alternatename",
            "alternateterms",
            "alternateterm",
            "alsoknownas",
            "aka",
            "alt",
            "plural",
            "plurals",
            # a style sheet's renderings of the term (`preferred: …`, `allowed: [...]`)
            "preferred",
            "allowed",
            "admitted",
        ],
        "alt",
    ),
    **dict.fromkeys(
        [
            "related",
            "relatedterms",
            "seealso",
            "see",
            "ref",
            "refs",
            "references",
            "broader",
            "narrower",
            # a record that names the headword it is a form of (a pointer, see pointer_entries)
            "synonymof",
            "variantof",
            "formof",
            "useinstead",
            "glosssee",
            "glossseealso",
        ],
        "see_also",
    ),
    **dict.fromkeys(["uri", "iri", "conceptid", "concepturi"], "uri"),
    **dict.fromkeys(
        [
            "url",
            "link",
            "links",
            "source",
            "bron",  # nl
            "quelle",  # de
            "fuente",  # es
            "fonte",  # pt, it
            "sources",
            "wasderivedfrom",
            "suggesteduri",
            "reference",
            "citation",
        ],
        "link",
    ),
    **dict.fromkeys(["slug", "key", "identifier"], "slug"),
    **dict.fromkeys(["language", "lang", "locale"], "language"),
    **dict.fromkeys(["topic", "topics", "category", "categories", "tags", "tag", "domain"], "topics"),
}

#: What a record writes where its term is still missing.
PLACEHOLDER_TERMS = frozenset({"~", "-", "—", "–", "?"})

#: Cell values that mean "no value" in exported tables (compared case-folded).
EMPTY_VALUES = frozenset({"", "none", "null", "nil", "n/a", "na", "-", "—", "–", "nan", "(none)", "~"})

_URL = re.compile(r"https?://[^\s<>\"'\]]+")
_URL_TRAILING = ".,;:!?'\""


_NOT_NAME_CHARACTER = re.compile(r"[^0-9a-z]")


def field_role(name: object) -> str:
    """Return the role a field name plays (term, definition, alt, see_also, uri, link, …) or ''."""
    return _role_of_name(name if isinstance(name, str) else str(name))


@lru_cache(maxsize=4096)
def _role_of_name(name: str) -> str:
    """`field_role` of a name, accents aside (`Définition`, `Erklärung`); a record file repeats
    its few field names in every record."""
    folded = unicodedata.normalize("NFKD", name.casefold())
    if role := _CJK_ROLES.get(name.strip()):
        return role
    if prefixed := _NAMESPACE_PREFIX.match(folded):  # `skos:prefLabel`, `dct:description`
        return FIELD_ROLES.get(_NOT_NAME_CHARACTER.sub("", folded[prefixed.end() :]), "")
    return FIELD_ROLES.get(_NOT_NAME_CHARACTER.sub("", folded), "")


#: A concept vocabulary's prefix before a field name (`skos:prefLabel`, `rdfs:label`): the name is
#: what follows it. Only these few: a glossary of other namespaced names (`dc:title: …`) keys terms.
_NAMESPACE_PREFIX = re.compile(r"^(?:skos|skosxl|rdfs|schema|dct|dcterms):(?=[a-z])")


#: Column and field names in Chinese, Japanese and Korean (no Latin letters to fold).
_CJK_ROLES: dict[str, str] = {
    **dict.fromkeys(
        ["用語", "術語", "术语", "词汇", "詞彙", "名词", "名詞", "词语", "용어", "단어", "項目"],
        "term",
    ),
    **dict.fromkeys(
        [
            "説明", "说明", "定義", "定义", "意味", "含义", "含義", "解説", "解释", "解釋",
            "釋義", "释义", "설명", "정의", "의미", "뜻",
        ],
        "definition",
    ),
    # a reading (kana, pinyin, hangul) or a translation of the term is another of its names
    **dict.fromkeys(
        ["読み", "読み方", "よみ", "ふりがな", "拼音", "略称", "略語", "别名", "別名", "약어"],
        "alt",
    ),
}


def is_empty(value: object) -> bool:
    """Return True for a missing value: None, blank, or a `NONE`/`N/A`-style placeholder."""
    return value is None or (isinstance(value, str) and value.strip().casefold() in EMPTY_VALUES)


def as_texts(value: object, *, split: bool = False) -> list[str]:
    """Return the non-empty strings in a field value (a string, number or list of them).

    With `split`, a string holding several values (`a; b`, `a|b`) is split into them.
    """
    if isinstance(value, list | tuple):
        return [text for item in value for text in as_texts(item, split=split)]
    if is_empty(value) or isinstance(value, dict):
        return []
    text = str(value).strip()
    if split and re.search(r"[;|]", text):
        return [part.strip() for part in re.split(r"[;|]", text) if not is_empty(part)]
    return [text]


def find_urls(text: str) -> list[str]:
    """Return the URLs in `text`, without trailing punctuation or an unbalanced `)`."""
    urls = []
    for match in _URL.finditer(text):
        url = match.group(0).rstrip(_URL_TRAILING)
        while url.endswith(")") and url.count(")") > url.count("("):
            url = url[:-1].rstrip(_URL_TRAILING)
        urls.append(url)
    return list(dict.fromkeys(urls))


def is_url(text: str) -> bool:
    """Return True if `text` is one absolute http(s) URL."""
    return bool(re.fullmatch(r"https?://\S+", text.strip()))


#: Field names of an acronym's two forms; they are labels only when one abbreviates the other
#: (`{short: FPGA, long: Field Programmable Gate Array}`), else prose (a short and a long
#: description).
SHORT_FORM_FIELDS = frozenset({"short", "shortform", "abbr"})
LONG_FORM_FIELDS = frozenset({"long", "longform", "expansion", "fullform"})


def roles_of(fields: Mapping[str, object]) -> dict[str, list[object]]:
    """Return the record's values grouped by role (fields with no known role are left out)."""
    roles: dict[str, list[object]] = {}
    for name, value in fields.items():
        role = field_role(name)
        if role:
            roles.setdefault(role, []).append(value)
    if forms := acronym_forms(fields):
        roles.setdefault("alt", []).extend(forms)
    return roles


def acronym_forms(fields: Mapping[str, object]) -> tuple[str, str] | None:
    """Return (short, long) when a record's short-form and long-form fields hold an acronym and
    its expansion (emphasis marks round either dropped), else None."""
    short = long = ""
    for name, value in fields.items():
        key = _NOT_NAME_CHARACTER.sub("", str(name).casefold())
        if isinstance(value, str) and key in SHORT_FORM_FIELDS:
            short = _unwrapped(clean_label(value))
        elif isinstance(value, str) and key in LONG_FORM_FIELDS:
            long = _unwrapped(clean_label(value))
    return (short, long) if short and long and is_acronym_of(short, long) else None


def prose_fields(fields: Mapping[str, object]) -> list[object]:
    """Return the values that can stand for a definition in a record that has no definition field.

    A record named by a term field and described by fields of no known role (`short`,
    `long`, `notes`) keeps its prose: string values of four or more words that are not a URL,
    and any value of a notes field (`NOTE_FIELDS`).
    """
    if roles_of(fields).get("definition"):
        return []
    return [
        value
        for name, value in fields.items()
        if not field_role(name)
        and isinstance(value, str)
        and (len(value.split()) >= 4 or _NOT_NAME_CHARACTER.sub("", str(name).casefold()) in NOTE_FIELDS)
        and not is_url(value)
    ]


#: Fields of a record that hold notes on its term (prose however short: `notes: Base term.`).
NOTE_FIELDS = frozenset(
    {"note", "notes", "usage", "usagenote", "usagenotes", "comment", "comments", "remarks"}
)


#: A field whose values are this unique (distinct / filled) can name the terms.
_TERM_DISTINCT = 0.9
#: A field with at most this share of distinct values (each value shared by two records on
#: average) groups the records: a topic or unit.
_TOPIC_DISTINCT = 0.5


def inferred_field_roles(records: Sequence[Mapping[str, object]]) -> dict[str, str]:
    """Return {field: role} for a list of records whose field names say nothing termbase
    knows (`{"واحد": …, "اصطلاح": …, "تعریف": …}`, `{"plaintext": …, "meanings": [{…}]}`),
    judged from the values alone; {} if unsure.

    Fields in at least half the records count; a list or mapping value counts by the texts it
    holds. The definition is the field of the longest texts (three words or more on average),
    the term the first other field of short texts that are nearly all different, and fields of
    short texts repeated across records (a category, a unit) give topics.
    """
    if len(records) < 3 or any(not isinstance(r, Mapping) for r in records):
        return {}
    named = {field_role(name): name for record in records for name in record if field_role(name)}
    if "term" in named and "definition" in named:
        return {}
    counts: dict[str, int] = {}
    for record in records:
        for name in record:
            counts[name] = counts.get(name, 0) + 1
    shared = [name for name, count in counts.items() if count >= 0.5 * len(records) and not field_role(name)]
    stats: dict[str, tuple[float, float]] = {}
    for name in shared:
        texts = [text for r in records if (text := _value_text(r.get(name)))]
        if len(texts) < 0.5 * len(records):
            continue
        words = sum(len(t.split()) for t in texts) / len(texts)
        stats[name] = (words, len(set(texts)) / len(texts))
    if "term" in named:  # a known term field beside ONE field of prose named its own way ('arti')
        prose = [name for name, (words, _) in stats.items() if words >= 3]
        return {prose[0]: "definition"} if len(prose) == 1 else {}  # several: each is prose, as named
    if "definition" in named:  # a known definition field beside a term field of another name
        stats[named["definition"]] = (max(3.0, *(w for w, _ in stats.values()), 3.0), 1.0)
    if len(stats) < 2:
        return {}
    definition = named.get("definition") or max(stats, key=lambda name: stats[name][0])
    if stats[definition][0] < 3:
        return {}
    terms = [
        name
        for name, (words, distinct) in stats.items()
        if name != definition and words <= 6 and distinct >= _TERM_DISTINCT
    ]
    if not terms:
        return {}
    roles = {terms[0]: "term", definition: "definition"}
    if "definition" in named:
        del roles[definition]  # already named for its role
    for name, (words, distinct) in stats.items():
        if name not in roles and words <= 4 and distinct <= _TOPIC_DISTINCT:
            roles[name] = "topics"
    return roles


def _value_text(value: object) -> str:
    """Return the texts a field value holds, joined (a list or mapping by its leaves)."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, Mapping):
        return " ".join(text for v in value.values() if (text := _value_text(v)))
    if isinstance(value, list | tuple):
        return " ".join(text for v in value if (text := _value_text(v)))
    return ""


#: A whole label wrapped in emphasis marks (`_SPICE_`, `*PHÔS*`, `**RF**`).
_WRAPPED = re.compile(r"^([_*]{1,2})(?P<inner>\S(?:.*\S)?)\1$")


#: A whole term in asterisk emphasis (`*epoch*`, `**RF**`; not `__init__`, a name).
_STARRED = re.compile(r"^(\*{1,2})(?P<inner>[^*\s](?:[^*]*[^*\s])?)\1$")


def _unstarred(term: str) -> str:
    """Return a term without the asterisk emphasis wrapped round the whole of it."""
    match = _STARRED.match(term)
    return match["inner"] if match else term


def _unwrapped(label: str) -> str:
    """Return a label without the emphasis marks wrapped round the whole of it."""
    match = _WRAPPED.match(label)
    return match["inner"] if match else label


def first_text(values: Iterable[object]) -> str:
    """Return the first non-empty string among `values`, or ''."""
    for value in values:
        texts = as_texts(value)
        if texts:
            return texts[0]
    return ""


def record_entry(
    fields: Mapping[str, object],
    *,
    source: str,
    line: int,
    end_line: int,
    definition: str | None = None,
    language: str = "en",
    group: str = "",
    extra_see_also: Iterable[str] = (),
) -> Entry | None:
    """Return the Entry one record gives, or None if it names no term.

    The term comes from the first field whose role is `term`; alternative labels, see-also
    targets, links (URLs in link fields, the concept URI and URLs inside the definition),
    topics and language from the other fields. A concept URI is kept as a link, not as
    the `group`: tables often pair a term with the wrong URI (one OGC list gives
    "Discovery service" the URI of UML), and a group would force such pairs into one
    concept.
    """
    roles = roles_of(fields)
    term = clean_label(
        next(
            (
                str(v).strip()
                for v in roles.get("term", [])
                if isinstance(v, str | int | float) and str(v).strip()
            ),
            "",
        )
    )
    term = _unstarred(term)
    if not term or term in PLACEHOLDER_TERMS:  # no name yet (`NaN`, `null`, `None` are real terms)
        return None
    if definition is None:
        described = roles.get("definition", []) or prose_fields(fields)
        definition = "\n\n".join(text for v in described for text in as_texts(v))
    labels, groups = parse_term(term)
    alts = [
        _unwrapped(clean_label(text))
        for v in roles.get("alt", [])
        for text in as_texts(v, split=True)
        if not _URL.search(text)  # a web address (or markup linking one) names nothing
    ]
    all_labels = tuple(dict.fromkeys([term, *labels, *(a for a in alts if a)]))
    if len(groups) > 1 and alts:
        groups = ()
    uri = first_text(roles.get("uri", []))
    uri = uri if is_url(uri) else ""
    links = [uri] if uri else []
    for value in roles.get("link", []):
        for text in as_texts(value, split=True):
            links.extend(find_urls(text))
    links.extend(find_urls(definition))
    see_also = [text for v in roles.get("see_also", []) for text in as_texts(v, split=True)]
    if stated := first_text(roles.get("language", [])):  # `lang: US`, `lang: ไทย` name no language tag
        language = known_language_tag(stated) or named_language(stated) or language
    topics = [text for v in roles.get("topics", []) for text in as_texts(v, split=True)]
    return Entry(
        source=source,
        line=line,
        end_line=end_line,
        term=term,
        labels=all_labels,
        groups=groups if len(groups) > 1 else (),
        definition=definition.strip(),
        see_also=tuple(dict.fromkeys([*see_also, *extra_see_also])),
        links=tuple(dict.fromkeys(links)),
        language=language,
        topics=tuple(dict.fromkeys(topics)),
        group=group,
    )
