"""A subset of the SARIF 2.1.0 JSON schema (OASIS, sarif-schema-2.1.0.json), written out by hand: no network here.

It keeps, for every object the gate emits (sarifLog, run, tool, toolComponent, reportingDescriptor,
multiformatMessageString, reportingConfiguration, result, message, location, physicalLocation, artifactLocation,
region, artifactContent), the standard's full list of property names with `additionalProperties: false` as the
standard does, the standard's required properties, and the standard's types, enums and minimums for the
properties the gate fills in. Properties the gate never writes are allowed by name only.
"""


def _object(required: list[str], typed: dict, other_names: list[str]) -> dict:
    properties = {name: {} for name in other_names}
    properties.update(typed)
    properties.setdefault("properties", {"$ref": "#/definitions/propertyBag"})
    return {"type": "object", "required": required, "additionalProperties": False, "properties": properties}


_LEVEL = {"enum": ["none", "note", "warning", "error"]}
_POSITIVE = {"type": "integer", "minimum": 1}

SARIF_2_1_0_SUBSET = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$ref": "#/definitions/sarifLog",
    "definitions": {
        "propertyBag": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}},
        "sarifLog": _object(
            ["version", "runs"],
            {
                "$schema": {"type": "string", "format": "uri"},
                "version": {"enum": ["2.1.0"]},
                "runs": {"type": ["array", "null"], "items": {"$ref": "#/definitions/run"}},
            },
            ["inlineExternalProperties"],
        ),
        "run": _object(
            ["tool"],
            {
                "tool": {"$ref": "#/definitions/tool"},
                "results": {"type": ["array", "null"], "items": {"$ref": "#/definitions/result"}},
                "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
                "originalUriBaseIds": {
                    "type": "object",
                    "additionalProperties": {"$ref": "#/definitions/artifactLocation"},
                },
            },
            [
                "invocations",
                "conversion",
                "language",
                "versionControlProvenance",
                "artifacts",
                "logicalLocations",
                "graphs",
                "automationDetails",
                "runAggregates",
                "baselineGuid",
                "redactionTokens",
                "defaultEncoding",
                "defaultSourceLanguage",
                "newlineSequences",
                "externalPropertyFileReferences",
                "threadFlowLocations",
                "taxonomies",
                "addresses",
                "translations",
                "policies",
                "webRequests",
                "webResponses",
                "specialLocations",
            ],
        ),
        "tool": _object(["driver"], {"driver": {"$ref": "#/definitions/toolComponent"}}, ["extensions"]),
        "toolComponent": _object(
            ["name"],
            {
                "name": {"type": "string"},
                "version": {"type": "string"},
                "rules": {"type": "array", "uniqueItems": True, "items": {"$ref": "#/definitions/reportingDescriptor"}},
            },
            [
                "guid",
                "organization",
                "product",
                "productSuite",
                "shortDescription",
                "fullDescription",
                "fullName",
                "semanticVersion",
                "dottedQuadFileVersion",
                "releaseDateUtc",
                "downloadUri",
                "informationUri",
                "globalMessageStrings",
                "notifications",
                "taxa",
                "locations",
                "language",
                "contents",
                "isComprehensive",
                "localizedDataSemanticVersion",
                "minimumRequiredLocalizedDataSemanticVersion",
                "associatedComponent",
                "translationMetadata",
                "supportedTaxonomies",
            ],
        ),
        "reportingDescriptor": _object(
            ["id"],
            {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "shortDescription": {"$ref": "#/definitions/multiformatMessageString"},
                "defaultConfiguration": {"$ref": "#/definitions/reportingConfiguration"},
            },
            [
                "deprecatedIds",
                "guid",
                "deprecatedGuids",
                "deprecatedNames",
                "fullDescription",
                "messageStrings",
                "helpUri",
                "help",
                "relationships",
            ],
        ),
        "multiformatMessageString": _object(["text"], {"text": {"type": "string"}}, ["markdown"]),
        "reportingConfiguration": _object([], {"level": _LEVEL}, ["enabled", "rank", "parameters"]),
        "result": _object(
            ["message"],
            {
                "ruleId": {"type": "string"},
                "ruleIndex": {"type": "integer", "minimum": -1},
                "level": _LEVEL,
                "message": {"$ref": "#/definitions/message"},
                "locations": {"type": "array", "items": {"$ref": "#/definitions/location"}},
                "partialFingerprints": {"type": "object", "additionalProperties": {"type": "string"}},
            },
            [
                "rule",
                "kind",
                "analysisTarget",
                "guid",
                "correlationGuid",
                "occurrenceCount",
                "fingerprints",
                "stacks",
                "codeFlows",
                "graphs",
                "graphTraversals",
                "relatedLocations",
                "suppressions",
                "baselineState",
                "rank",
                "attachments",
                "hostedViewerUri",
                "workItemUris",
                "provenance",
                "fixes",
                "taxa",
                "webRequest",
                "webResponse",
            ],
        ),
        "message": {
            **_object([], {"text": {"type": "string"}}, ["markdown", "id", "arguments"]),
            "anyOf": [{"required": ["text"]}, {"required": ["id"]}],
        },
        "location": _object(
            [],
            {"physicalLocation": {"$ref": "#/definitions/physicalLocation"}},
            ["id", "logicalLocations", "message", "annotations", "relationships"],
        ),
        "physicalLocation": {
            **_object(
                [],
                {
                    "artifactLocation": {"$ref": "#/definitions/artifactLocation"},
                    "region": {"$ref": "#/definitions/region"},
                },
                ["address", "contextRegion"],
            ),
            "anyOf": [{"required": ["address"]}, {"required": ["artifactLocation"]}],
        },
        "artifactLocation": _object(
            [],
            {"uri": {"type": "string", "format": "uri-reference"}, "uriBaseId": {"type": "string"}},
            ["index", "description"],
        ),
        "region": _object(
            [],
            {
                "startLine": _POSITIVE,
                "startColumn": _POSITIVE,
                "endLine": _POSITIVE,
                "endColumn": _POSITIVE,
                "snippet": {"$ref": "#/definitions/artifactContent"},
            },
            ["charOffset", "charLength", "byteOffset", "byteLength", "message", "sourceLanguage"],
        ),
        "artifactContent": _object([], {"text": {"type": "string"}}, ["binary", "rendered"]),
    },
}
