//! VRM 0.x `meta` → VRM 1.0's: the fields renamed, the licence name as a URL, the permissions in their 1.0
//! fields, what a Creative Commons licence grants.

/// VRM 0.x `meta` in VRM 1.0's fields (`title` → `name`, `author` → `authors`, the licence name → a URL, the
/// permissions `allowedUserName` / `violentUssageName` / `sexualUssageName` / `commercialUssageName` → their 1.0
/// fields, a Creative Commons licence → redistribution, modification and credit as it grants them); the 0.x
/// object is kept whole under `extras.vrm0`.
pub(super) fn vrm0_meta_as_vrm1(m: &serde_json::Value) -> serde_json::Value {
    let s = |k: &str| m[k].as_str().filter(|v| !v.is_empty()).map(str::to_owned);
    let license = match m["licenseName"].as_str().unwrap_or("") {
        "CC0" => "https://creativecommons.org/publicdomain/zero/1.0/".to_owned(),
        "CC_BY" => "https://creativecommons.org/licenses/by/4.0/".to_owned(),
        "CC_BY_NC" => "https://creativecommons.org/licenses/by-nc/4.0/".to_owned(),
        "CC_BY_SA" => "https://creativecommons.org/licenses/by-sa/4.0/".to_owned(),
        "CC_BY_NC_SA" => "https://creativecommons.org/licenses/by-nc-sa/4.0/".to_owned(),
        "CC_BY_ND" => "https://creativecommons.org/licenses/by-nd/4.0/".to_owned(),
        "CC_BY_NC_ND" => "https://creativecommons.org/licenses/by-nc-nd/4.0/".to_owned(),
        _ => s("otherLicenseUrl").unwrap_or_else(|| "https://vrm.dev/licenses/1.0/".to_owned()),
    };
    let mut out = serde_json::json!({
        "name": s("title").unwrap_or_else(|| "avatar".into()),
        "authors": [s("author").unwrap_or_else(|| "unknown".into())],
        "licenseUrl": license,
        "extras": {"vrm0": m},
    });
    if let Some(v) = s("version") {
        out["version"] = v.into();
    }
    if let Some(v) = s("contactInformation") {
        out["contactInformation"] = v.into();
    }
    if let Some(v) = s("reference") {
        out["references"] = serde_json::json!([v]);
    }
    // the 0.x permissions in their 1.0 fields (an unknown or missing value leaves VRM 1.0's default)
    let permission = |k: &str, table: &[(&str, serde_json::Value)]| {
        let v = m[k].as_str()?;
        table.iter().find(|(from, _)| from.eq_ignore_ascii_case(v)).map(|(_, to)| to.clone())
    };
    let allow = [("Allow", true.into()), ("Disallow", false.into())];
    let fields = [
        (
            "avatarPermission",
            permission(
                "allowedUserName",
                &[
                    ("OnlyAuthor", "onlyAuthor".into()),
                    ("ExplicitlyLicensedPerson", "onlySeparatelyLicensedPerson".into()),
                    ("Everyone", "everyone".into()),
                ],
            ),
        ),
        ("allowExcessivelyViolentUsage", permission("violentUssageName", &allow)),
        ("allowExcessivelySexualUsage", permission("sexualUssageName", &allow)),
        (
            "commercialUsage",
            permission(
                "commercialUssageName",
                &[("Allow", "corporation".into()), ("Disallow", "personalNonProfit".into())],
            ),
        ),
    ];
    for (k, v) in fields {
        if let Some(v) = v {
            out[k] = v;
        }
    }
    // what a Creative Commons licence grants
    let cc = m["licenseName"].as_str().unwrap_or("");
    if cc.starts_with("CC") {
        out["allowRedistribution"] = true.into();
        out["modification"] =
            if cc.contains("ND") { "prohibited" } else { "allowModificationRedistribution" }.into();
        out["creditNotation"] = if cc == "CC0" { "unnecessary" } else { "required" }.into();
        if cc.contains("NC") {
            out["commercialUsage"] = "personalNonProfit".into();
        }
    }
    out
}
