"""The secret-word lexicon in many languages, for the label finder (store/privacy/candidates.py).

LABELS maps a lowercase stem to the kind of secret it labels.  A stem is looked for anywhere in
the lowercased text (store/privacy/anchors.py finds them all in one pass); a Latin, Cyrillic or
Greek stem may be followed by inflection letters (``Lösenordet``, ``Паролата``, ``Passwortes``).
Single ASCII words that also name variables (``password``, ``token``) are judged as names by
store/privacy/names.py: here they count only before a connector of prose (``is``, ``ist``) or
as a directive with a space.  The languages: English, German, French, Spanish, Portuguese,
Italian, Dutch, Polish, Czech, Slovak, Slovene, Croatian/Bosnian/Serbian, Bulgarian, Macedonian,
Russian, Ukrainian, Romanian, Hungarian, Finnish, Estonian, Latvian, Lithuanian, Swedish,
Norwegian, Danish, Icelandic, Turkish, Azerbaijani, Greek, Arabic, Hebrew, Persian, Urdu,
Hindi, Bengali, Tamil, Telugu, Thai, Vietnamese, Indonesian, Malay, Swahili, Japanese, Chinese,
Korean, Catalan, Basque, Galician, Welsh, Albanian, Georgian, Armenian, Kazakh, Mongolian,
Afrikaans, Tagalog, Irish, Esperanto, Luxembourgish, Frisian, Hausa, Yoruba, Zulu, Amharic,
Punjabi, Gujarati, Kannada, Malayalam, Sinhala, Burmese, Khmer, Lao, Pashto, Kurdish, Kyrgyz,
Somali, Javanese, Malagasy, Faroese, Haitian Creole, Yiddish, and with a word of another
language and a connector of their own Nepali and Marathi (Hindi's), Maltese and Cebuano
(English's) (85); Oromo, Igbo, Tetum, Uyghur, Tibetan and Dhivehi (91); and the typos of
`password` (PASSWORD_TYPOS).
"""

from __future__ import annotations

_PASSWORD = (
    "password passwort kennwort passphrase passcode mot de passe mdp contraseña contrasena clave "
    "senha palavra-passe palavra passe parola d'ordine wachtwoord hasło haslo hasł heslo hesla heslem heslu geslo lozinka "
    "лозинк парол пароль parolă parola jelszó jelszo jelszav salasana salasõna parool parole slaptažod "
    "slaptazod lösenord losenord passord adgangskode kodeord lykilorð şifre sifre şifrə parol "
    "κωδικός κωδικό κωδικου συνθηματικό كلمة المرور كلمة السر كلمه المرور סיסמ رمز عبور گذرواژه "
    "پاس ورڈ पासवर्ड পাসওয়ার্ড கடவுச்சொல் పాస్‌వర్డ్ รหัสผ่าน mật khẩu mat khau kata sandi "
    "kata laluan nenosiri パスワード 暗証番号 密码 密碼 口令 비밀번호 비번 암호 패스워드 contrasenya "
    "zugangscode pasahitza contrasinal cyfrinair fjalëkalim პაროლ գաղտնաբառ құпиясөз нууц үг wagwoord "
    "kontrasenya pasfhocal "
    # Welsh's mutations of cyfrinair (`fy nghyfrinair`, `ei gyfrinair`, `ei chyfrinair`), Yoruba's
    # `ọ̀rọ̀ aṣínà` (its second word)
    "gyfrinair nghyfrinair chyfrinair aṣínà "
    # Esperanto, Luxembourgish, Frisian, Zulu/Xhosa, Punjabi, Gujarati, Kannada and Malayalam (with
    # and without the zero-width non-joiner), Sinhala, Burmese, Khmer, Lao, Pashto, Kurdish, Kyrgyz,
    # Malagasy, Faroese, Haitian Creole, Yiddish (pointed and not), Yoruba
    "pasvort passwuert wachtwurd iphasiwedi ਪਾਸਵਰਡ પાસવર્ડ ಪಾಸ್‌ವರ್ಡ್ ಪಾಸ್ವರ್ಡ್ പാസ്‌വേഡ് പാസ്വേഡ് මුරපද "
    "စကားဝှက် ពាក្យសម្ងាត់ ລະຫັດຜ່ານ پټنوم şîfre sîfre сырсөз tenimiafina loyniorð modpas פּאַראָל פאראל igbaniwọle "
    # Romansh (`pled-clav`, a key-word)
    "pled-clav "
    # Igbo, Javanese's krama (`sandhi`), Tetum, Uyghur (`پارول`, `پارولى`), Tibetan, Dhivehi
    "okwuntughe sandhi liafuan-pase پارول གསང་ཚིག ޕާސްވޯޑ "
    # Odia (with and without the zero-width non-joiner)
    "ପାସୱାର୍ଡ ପାସ୍‌ୱାର୍ଡ"
)
_SECRET = (
    "secret appsecret app secret client secret secret key geheimnis clé secrète cle secrete "
    "clave secreta chave secreta segreto секрет 密钥 秘钥 私钥 シークレット 秘密鍵 비밀키 시크릿 "
    # Ladino and Esperanto (`kod sekreto`, `sekreta ŝlosilo`), Walloon (`li scret`)
    "sekreto sekreta scret "
    # English's `secret` as the scripts of India write it (Hindi and Marathi, Gujarati, Punjabi,
    # Telugu, Kannada, Tamil, Bengali, Malayalam, Odia): `JWT ಸೈನಿಂಗ್ ಸೀಕ್ರೆಟ್ ... : X`
    "सीक्रेट સીક્રેટ ਸੀਕਰੇਟ ਸੀਕ੍ਰੇਟ సీక్రెట్ ಸೀಕ್ರೆಟ್ சீக்ரெட் সিক্রেট സീക്രട്ട് സീക്രെട്ട് ସିକ୍ରେଟ"
)
_TOKEN = ("access token api token jeton токен 令牌 トークン 토큰 "
          # English's `token` in the same scripts
          "टोकन ટોકન ਟੋਕਨ టోకెన్ ಟೋಕನ್ டோக்கன் টোকেন ടോക്കൺ ଟୋକେନ")
_API_KEY = ("api key api-key apikey clé api cle api clave api chave api ключ api apiキー api 키 api密钥 "
            "api-schlüssel apischlüssel api-schluessel chiave api")
LABELS: dict = {}
for _kind, _words in (("password", _PASSWORD), ("secret", _SECRET), ("token", _TOKEN), ("api_key", _API_KEY)):
    for _w in _words.split(" "):
        if _w:
            LABELS[_w] = _kind
# multi-word labels (the split above cut them): each phrase whole
for _kind, _phrases in (
    ("password", ("code d'accès", "code d'acces", "access code", "código de acceso", "codice di accesso",
                  "código de acesso", "код доступа", "mot de passe", "palavra passe", "parola d'ordine", "κωδικός πρόσβασης", "كلمة المرور", "كلمة السر",
                  "كلمه المرور", "رمز عبور", "پاس ورڈ", "mật khẩu", "mat khau", "kata sandi",
                  "kata laluan", "нууц үг", "құпия сөз", "kalmar sirri", "kalmar wucewa", "furaha sirta",
                  "erayga sirta", "tembung sandhi", "jecha darbii", "የይለፍ ቃል", "የይለፍ ቃሉ",
                  # a Wi-Fi network's key is its password (`clé wifi: X`; `wifi key: X`: KEY_QUALIFIERS)
                  "wlan-schlüssel", "wlan-passwort", "clé wifi", "clé wi-fi", "cle wifi", "clave wifi",
                  "clave del wifi", "chave wifi", "chiave wifi")),
    ("secret", ("app secret", "client secret", "secret key", "clé secrète", "cle secrete", "clave secreta",
                "chave secreta")),
    ("token", ("access token", "api token", "authorization code", "auth code")),
    ("api_key", ("api key", "clé api", "cle api", "clave api", "chave api", "ключ api", "api 키", "clé d'api",
                 "cle d'api", "clave de api", "chave de api", "chiave api", "api schlüssel",
                 # the word for a key with `API` in the order of each language (`API anahtarımız`,
                 # `کلید API`, `klucz do API`, `מפתח API`, `khóa API`)
                 "api anahtar", "کلید api", "klucz api", "klucz do api", "مفتاح api", "מפתח api", "khóa api",
                 "kunci api", "κλειδί api", "ключ до api", "ufunguo wa api",
                 # Yoruba (with its tones and without), Esperanto (`API-ŝlosilo`, `ŝlosilo de API`)
                 "kọ́kọ́rọ́ api", "kokoro api", "api-ŝlosilo", "api-ŝlosil", "ŝlosilo de api", "api-sxlosilo",
                 # Catalan and Aragonese, Ligurian, Sardinian, Friulian: `clau de l'API`,
                 # `ciave de l'API`, `crae de s'API`, `clâf de API`
                 "clau api", "clau de l'api", "clau d'a api", "ciave api", "ciave de l'api", "crae api",
                 "crae de s'api", "clâf api", "clâf de api")),
):  # fmt: skip
    for _p in _phrases:
        LABELS[_p] = _kind
for _w in ("mot", "de", "passe", "d'ordine", "كلمة", "المرور", "السر", "كلمه", "رمز", "عبور", "پاس", "ورڈ", "mật",
           "khẩu", "mat", "khau", "kata", "sandi", "laluan", "нууц", "үг", "app", "client", "key", "clé",
           "cle", "secrète", "secrete", "chave", "secreta", "access", "api", "ключ", "키", "palavra", "parola",
           "chiave", "πρόσβασης"):  # fmt: skip
    LABELS.pop(_w, None)
LABELS["parola"] = "password"  # Italian, Romanian, Turkish


def _typos(word: str) -> set:
    """What a hurried hand types for `word`: one letter dropped, two neighbours swapped, one letter
    doubled (`pasword`, `passwrod`, `passowrd`, `passwword`); not the word itself, a part of it
    (`assword`, `passwor`: found inside the word) or one that holds it."""
    n = len(word)
    edits = {word[:i] + word[i + 1:] for i in range(n)}
    edits |= {word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(n - 1)}
    edits |= {word[:i] + word[i] + word[i:] for i in range(n)}
    return {t for t in edits if t != word and t not in word and word not in t}


# A person's typos of the strongest label (`the pasword is X`, `passwrod: X`): a label of prose, as
# a word of the lexicon no name rule knows is.
PASSWORD_TYPOS = frozenset(_typos("password"))
for _w in PASSWORD_TYPOS:
    LABELS.setdefault(_w, "password")
# Labels of chat that are other words too (Japanese `パス` is a password and a path): what
# follows them counts only with a password's or a random string's shape (a MEDIUM label).
SHAPE_ONLY_LABELS = frozenset(("パス", "ぱす"))
for _w in SHAPE_ONLY_LABELS:
    LABELS[_w] = "password"
# Words before `key` that make it a Wi-Fi network's password (`wifi key: X`, `Network security
# key`), and after it (netsh's `Key Content : X`): found from the places of `key`, which the filter
# looks for anyway (a label of its own for each would read those places once a label).
KEY_QUALIFIERS = ("wifi ", "wi-fi ", "wlan ", "wpa ", "wpa2 ", "wireless ", "network ", "network security ")
KEY_FOLLOWERS = ("key content",)
# Labels of the finders of store/privacy/candidates.py beyond the label finder.
OTP_LABELS = tuple(p for p in (
    "totp", "otp secret", "otp seed", "2fa", "mfa", "two-factor", "two factor", "authenticator", "otpauth",
    "双因素", "二段階認証", "backup key"))  # fmt: skip
SEED_LABELS = ("seed phrase", "mnemonic", "recovery phrase", "backup phrase", "助记词", "助記詞", "seed words", "seed")
CODE_LABELS = ("recovery codes", "backup codes", "verification codes", "recovery keys", "backup verification codes")
WALLET_LABELS = ("private key", "privatekey", "private_key", "priv key", "privkey", "wallet", "signer", "signing key",
                 "secret key", "eth_private", "mnemonic")  # fmt: skip

# Words of names beyond store/privacy/rules.py SECRET_WORDS (word -> (kind, strength), as there):
# a salt (only a random one: a salt of code is often a name, `salt="email-confirm"`) or a pepper, the abbreviations of a secret key and a personal access token
# (`STRIPE_SK`, `GITHUB_PAT`: only after another word, as `sk` and `pat` alone name other things).
# A key named for the bearer scheme holds its token (`bearer: X` in an API client's environment, a
# Postman auth block): only a random one (a name, `type: bearer`, is a value, not this key).
MORE_SECRET_WORDS = {"salt": ("secret", 1), "pepper": ("secret", 3), "sk": ("secret", 3), "pat": ("token", 3),
                     "bearer": ("token", 1)}
QUALIFIED_ONLY = frozenset(("sk", "pat"))
# What the text is searched for to find those words in a name.
# The word `key` in other languages, its plural and definite forms (`nova chave X`, `neuer Schlüssel X`,
# `новый ключ X`): like `key`, a word that makes a random value beside it on its line a secret
# (names.random_values); its own name rule reads them as names of nothing.
KEY_WORDS = frozenset((
    "chave", "chaves", "chiave", "chiavi", "schlüssel", "schluessel", "ключ", "ключа", "ключі", "ключом", "klucz",
    "klucza", "kluczem", "sleutel", "nyckel", "nyckeln", "nøkkel", "nøkkelen", "nøgle", "nøglen", "avain", "avaimen",
    "anahtar", "anahtarı", "kulcs", "kulcsot", "cheie", "cheia", "cheii", "klíč", "klíče", "kľúč", "ključ", "clé",
    # Catalan, Aragonese and Occitan, Friulian, Ligurian, Sardinian
    "clau", "claus", "clâf", "clâfs", "ciave", "ciavi", "crae", "craes",
))  # fmt: skip
MORE_NAME_TRIGGERS = ("salt", "pepper", "_sk", "_pat", "bearer", "chave", "chiav", "schlüssel", "schluessel", "ключ", "klucz",
                      "sleutel", "nyckel", "nøkkel", "nøgle", "avain", "avaim", "anahtar", "kulcs", "chei", "klíč",
                      "kľúč", "ključ", "clé", "clau", "clâf", "ciav", "crae")  # fmt: skip

# Labels of a user and its password together (`Login: admin / X`, `Zugangsdaten: admin / X`).
CREDENTIAL_LABELS = (
    "login", "logins", "credentials", "creds", "identifiants", "identifiant", "accès", "acces", "zugangsdaten",
    "anmeldedaten", "zugang", "credenciales", "credenciais", "acesso", "acceso", "accesso", "credenziali",
    "inloggegevens", "dane logowania", "přihlašovací údaje", "prihlasovacie údaje", "loginoplysninger",
    "påloggingsinfo", "inloggningsuppgifter", "kirjautumistiedot", "данные для входа", "учётные данные",
    "учетные данные", "登录", "登录信息", "账号密码", "ログイン", "ログイン情報", "계정", "wifi", "wi-fi", "wlan",
    "ssh", "ftp", "sftp", "admin", "account", "konto", "compte", "cuenta", "conta",
)  # fmt: skip

# Words of prose between a label and its value: `the password is X`, `Passwort lautet X`,
# `パスワードはX`, `密码是X`, `비밀번호는 X`.
CONNECTORS = (
    "is", "are", "was", "will be", "ist", "lautet", "est", "es", "és", "é", "è", "er", "är", "on", "ir", "yra",
    "je", "jest", "to", "ni", "là", "është", "yw", "ydy", "adalah", "ialah", "hai", "है", "هي", "هو", "היא", "הוא", "είναι", "คือ",
    "是", "为", "為", "は", "는", "은", "이", "가", "е", "је", "este", "da", "ja", "ye", "sa", "ay", "az",
    # a participle that sets a value, then `to`: `Admin password set to X`, `was changed to X`
    "set to", "changed to", "reset to", "updated to", "rotated to", "was set to", "was changed to",
    "was reset to", "has been set to", "has been changed to", "is now",
    "c'est", "c’est", "était", "sera", "wäre", "jest to", "to je", "este de", "olarak", "như sau",
    # a verb that keeps a value: `Das Passwort bleibt X`, `A senha continua sendo X`
    "remains", "stays", "is still", "bleibt", "reste", "est toujours", "continua sendo", "continua a ser",
    "sigue siendo", "resta", "blijft", "förblir", "forbliver", "forblir", "zůstává", "zostáva", "остаётся", "остается",
    # a participle of changing, then its preposition: `le mot de passe a été changé en X`,
    # `Passwort geändert auf X`, `hasło zmienione na X`, `wachtwoord veranderd naar X`
    "should be", "changé en", "changée en", "modifié en", "modifiée en", "a été changé en", "a été changée en",
    "a été modifié en", "geändert auf", "geändert in", "geändert zu", "geaendert auf", "gesetzt auf", "cambiada a",
    "cambiado a", "cambiada por", "alterada para", "alterado para", "mudada para", "trocada para", "cambiata in",
    "cambiata a", "impostata a", "veranderd naar", "veranderd in", "gewijzigd naar", "gewijzigd in", "изменён на",
    "изменен на", "сменён на", "сменен на", "поменян на", "zmienione na", "zmieniono na", "změněno na", "nya",
    "menjadi", "diubah menjadi",
    # a possessive after its noun (Malay, Indonesian): `kata laluan saya X`, `kata sandi kamu adalah X`
    "saya", "aku", "kami", "kamu", "anda", "saya ialah", "saya adalah", "kamu adalah", "anda adalah",
    # Chinese verbs of setting, Korean and Japanese object particles, Thai `new ... is`: `密码改成了X`,
    # `비밀번호를 X로`, `パスワードを X に`, `รหัสผ่านใหม่คือ X`
    "改成了", "改成", "改为", "改為", "设置为", "设为", "设置成", "设成", "换成", "更改为", "修改为", "重置为", "变更为",
    "를", "을", "を", "ใหม่คือ",
    # Esperanto, Luxembourgish, Hausa, Zulu (after a possessive), Somali, Malagasy, Maltese, Cebuano,
    # Haitian Creole, Yiddish, Kurdish's possessive, Lao, Khmer, Burmese (attached, as Thai's)
    "estas", "ass", "ita ce", "shine", "ce", "ithi", "yami ithi", "yami", "waa", "dia", "hija", "huwa", "kay",
    "la se", "se", "איז", "min", "ແມ່ນ", "គឺ", "က",
    # Friulian, Ligurian, Walloon (a subject pronoun before the verb): `e je`, `a l'é`, `c' est`
    "e je", "a l'é", "a l’é", "l'é", "c' est",
)  # fmt: skip
# Words of prose between a value and the label after it: `X is the password`, `X est le mot de
# passe`, `X é a senha`, `X ist das Passwort`, `X er adgangskoden`, `X je heslo`.
VALUE_FIRST_CONNECTORS = (
    "is", "was", "will be", "is still", "est", "c'est", "était", "é", "era", "ist", "war", "er", "var", "je", "bylo",
    "es", "fue", "è", "är", "on", "oli", "jest", "ir", "yra", "este", "adalah", "ialah", "là", "είναι", "هو",
    "هي", "היא", "הוא", "это", "є", "е", "је", "olur",
    # `X — that's the staging password`, `X, which is the token`
    "that's", "that’s", "that is", "it's", "it’s", "which is", "this is",
)  # fmt: skip
# Nouns a secret word qualifies (`password manager`, `token type`, `key store`): the label is
# then the compound's, whose value is not a secret (`my password manager is 1Password`).
COMPOUND_HEADS = frozenset(
    "manager managers store stores vault vaults type types policy policies field fields length hint hints "
    "strength rule rules requirement requirements format expiry expiration lifetime ttl file files prompt dialog input "
    "generator rotation endpoint url flow scope scopes header name names id ids count size hash hashes check checks "
    "validation validator form page screen setting settings option options provider service server helper agent ring "
    "chain bucket path location column table limit prefix strategy handler scheme mode".split()
)
# Verbs that make `to` a connector: `I set the root password to X`.
SET_VERBS = ("set", "change", "changed", "reset", "update", "updated", "rotate", "rotated")
# A verb of changing before a label, in other languages (stems, as typed), and the prepositions it
# takes before the new value: `cambié la contraseña a X`, `mudei a senha para X`, `поменял пароль
# на X`, `ho cambiato la password in X`, `j'ai changé le mot de passe en X`.
CHANGE_VERB_STEMS = ("cambi", "chang", "modifi", "mud", "troqu", "alter", "поменя", "смени", "измени", "zmieni",
                     "změni", "verander", "wijzig", "änder", "aender", "impost", "setz", "reset", "rotat", "updat",
                     "غير", "تغيير")
AFTER_VERB_PREPOSITIONS = ("to", "a", "à", "en", "in", "para", "pra", "por", "na", "naar", "auf", "zu", "на", "в",
                           "do", "als", "إلى")
# Name endings that make a directive's name a secret's (`requirepass X`, `masterauth X`,
# `rpcpassword X`, `AuthBasicPassword X`).
DIRECTIVE_ENDINGS = ("pass", "password", "passwd", "secret", "token", "auth", "pwd", "passphrase", "psk", "pw")
# Words before a name that make `NAME VALUE` a directive: `SetEnv DB_PASSWORD X`,
# `git config --global github.token X`.
DIRECTIVE_VERBS = ("setenv", "passengerenvvar", "env", "git config", "config set", "set", "define", "export",
                   "use", "using", "with")
# Prepositions between a label and what qualifies it (`password for the db: X`, `Пароль от сервера:
# X`, `Heslo k serveru je X`, `het wachtwoord van de db is X`, `Password ng wifi: X`).
PREPOSITIONS = (
    "for", "of", "on", "to", "de", "del", "des", "du", "da", "do", "dos", "das", "della", "dello", "für", "fur",
    "para", "per", "pour", "voor", "van", "dla", "na", "za", "od", "pro", "k", "ke", "ng", "от", "для", "к", "до",
    "till", "til", "för", "på", "için", "за", "на", "од", "fir", "vun", "por", "foar", "fan", "fún",
)  # fmt: skip
# Words of a sentence's grammar (articles, possessives, demonstratives) in the lexicon's most written
# languages beside English (rules.NOT_SECRET_WORDS has English's): after a label they start the
# sentence that says where the secret is (`Credential: ton token GitHub est dans .env`, `Passwort:
# dein Token liegt in .env`), never the value.
FUNCTION_WORDS = frozenset(
    "le la les un une des ton ta tes mon ma mes son sa ses notre votre nos vos leur leurs ce cet cette "  # French
    "der die das den dem ein eine einen dein deine deinen mein meine meinen sein seine unser unsere euer eure "  # German
    "el los las una tu tus mi mis su sus nuestro nuestra este esta ese esa "  # Spanish
    "os um uma teu tua seu sua meu minha nosso nossa esse essa "  # Portuguese
    "il lo gli uno tuo mio suo nostro vostro questo quella "  # Italian
    "het een je jouw mijn zijn haar ons onze deze dit "  # Dutch
    "twoje twój twoja twojego moje mój moja jego jej "  # Polish
    "твой твоя твоё ваш ваша мой моя этот эта".split()  # Russian
)
# Scripts written without spaces between words: a connector there is attached to the label
# (`รหัสผ่านคือX`), as in Chinese and Japanese.
UNSPACED = ("\u0e00", "\u0eff")  # Thai, Lao
UNSPACED_MORE = (("\u1000", "\u109f"), ("\u1780", "\u17ff"))  # Burmese, Khmer


def unspaced(ch: str) -> bool:
    """`ch` is of a script written without spaces between words (Thai, Lao, Burmese, Khmer)."""
    return UNSPACED[0] <= ch <= UNSPACED[1] or any(lo <= ch <= hi for lo, hi in UNSPACED_MORE)
