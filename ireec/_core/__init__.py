"""What the rest of ireec stands on: loading the runtime and the extensions
(`library`, `extension`), the status converter (`status`), the Handle base
of every wrapper (`handle`), fork handling (`fork`), and the conversions
every area uses (`strings`, `validate`, `marshal`)."""
