"""What the rest of ireec stands on: loading the runtime and the extensions
(`library`; `extension`, which installs ireec._cext), statuses raised as
exceptions (`status`, over the extension's one converter), the Handle base
of every wrapper (`handle`), fork handling (`fork`), and the conversions
every area uses (`strings`, `validate`, `marshal`)."""
