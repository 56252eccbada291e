"""A blind dev part (blind24): 68 families of Claude Code session text in prose, commands and their
output, chosen for the hard general shapes of that neighbourhood: prompts in languages the earlier
parts had rarely or never used (Icelandic, Galician, Albanian, Macedonian, Welsh, Khmer, Hmong,
Mongolian, Azerbaijani, Tagalog, Gujarati, Marathi, Punjabi, Telugu, Kannada, Basque, Maltese,
Faroese, Luxembourgish, Yiddish), prompts that switch between English and Icelandic, Swahili,
Papiamento, Irish or Malayalam mid-sentence, it emails pasted in Somali, Hausa, Yoruba, Zulu and
Bosnian, handover notes in Estonian, Lithuanian, Latvian, Odia and Esperanto, helpdesk threads in
Hungarian, Slovene, Serbian, Finnish and Dutch, chat exports (WhatsApp and Telegram line formats
and json), meeting captions and call chat logs, incident postmortems; command lines with the
secret as an nth positional argument, a flag with and without =, an env prefix, a stdin pipe or a
here-string (odbc and tds clients, object storage clis, package repository logins, platform
logins, windows remote execution, file transfer clients, deploy clis, migration tools, variable
overrides, deep links of voice, game and desktop clients); and command OUTPUT that is or holds a
secret: shell xtrace, task runner dry runs, rendered templates, cloud clis and admin apis
printing a key they just created, desktop keyrings, login endpoint responses, smtp auth sessions
with their base64, terminal recordings and scrollback, vertical record output of database
clients, alias/function/declare listings; tables in rst, org-mode and asciidoc.  Negatives sit in
the same neighbourhoods: the same languages about passwords without one, outputs full of ids,
shas, uuids, etags, cursors, checksums, versions, key ids and prefixes, fingerprints, masked values,
secret references and silent password prompts.  Every case is realistic: a Bash call and its
output, a prompt, a Read's event or numbered lines, a Write, an Edit.

Written blind on 2026-12-02 (15:59 UTC) by an author who read only the helpers, the carriers, the
head of an earlier blind part (its format) and the list of family names already used; neither the
filter, its tests, its docs, the benches nor any other part's cases (a format check printed part
of that earlier blind part after every case here was written; nothing here was changed after it).
Every case was written before the filter met any of them.  A DEV part: the next round tunes the
filter on it.

340 cases, 170 with secrets, 170 negatives, 68 families (34 with secrets, 34 without), all realistic.  Families (cases):
    d24 neg: admin api key listings with ids, prefixes, names and expiry only (5)
    d24 neg: api responses with request ids, trace ids, etags and pagination cursors (5)
    d24 neg: app deep links and client urls with hosts, ports, channels and game ids (5)
    d24 neg: cloud cli key listings with key ids, dates and hints but no secret (5)
    d24 neg: code-switched prompts about credentials with ids and hashes but no value (5)
    d24 neg: commands overriding variables with versions, regions, shas and secret references (5)
    d24 neg: deploy cli output with deployment ids, inspect urls and project ids (5)
    d24 neg: file transfer sessions with key authentication and host key fingerprints (5)
    d24 neg: handover notes in estonian, lithuanian, latvian, odia and esperanto pointing to where secrets live (5)
    d24 neg: helpdesk ticket threads in hungarian, slovene, serbian, finnish and dutch without a password (5)
    d24 neg: incident postmortems naming rotated keys by id, fingerprint and request id (5)
    d24 neg: isql, tsql, bcp and beeline sessions authenticating from dsn files, kerberos or prompts (5)
    d24 neg: it emails in somali, hausa, yoruba, zulu and bosnian that send no password (5)
    d24 neg: keyring commands that store or list without printing the secret (5)
    d24 neg: meeting transcripts and call chat logs about rotating passwords without one (5)
    d24 neg: migration tool runs with checksums, versions and credentials from files (5)
    d24 neg: object storage listings with etags, version ids and file ids (5)
    d24 neg: platform logins through sso, one-time passcodes and env, with org and space guids (5)
    d24 neg: poetry, twine, helm, argocd and flux repository settings read from prompts, keyrings and env (5)
    d24 neg: prompts in basque, maltese, faroese, luxembourgish and yiddish without a secret (5)
    d24 neg: prompts in gujarati, marathi, punjabi, telugu and kannada without a secret (5)
    d24 neg: prompts in icelandic, galician, albanian, macedonian and welsh without a secret (5)
    d24 neg: prompts in khmer, hmong, mongolian, azerbaijani and tagalog without a secret (5)
    d24 neg: rendered template output with secret references and checksums (5)
    d24 neg: rst, org-mode and asciidoc tables of services, ports, versions and where secrets live (5)
    d24 neg: shell alias, function and declare listings that read credentials at run time (5)
    d24 neg: shell xtrace output with shas, versions, masked values and variable names (5)
    d24 neg: smtp sessions with capabilities, queue ids, message ids and dkim signatures (5)
    d24 neg: stdin-reading commands fed from files, password managers and prompts (5)
    d24 neg: task runner dry runs with image digests, env references and versions (5)
    d24 neg: terminal recordings where passwords are typed at a silent prompt (5)
    d24 neg: vertical record output with ids, key prefixes, timestamps and hashes (5)
    d24 neg: whatsapp and telegram chat exports with order numbers, shas and links but no secret (5)
    d24 neg: windows remote execution with current credentials, sids and guids (5)
    d24 pos: admin apis answering a key-creation request with the new key (5)
    d24 pos: app deep links and client urls carrying a password (5)
    d24 pos: cloud clis printing a credential they just created (5)
    d24 pos: code-switched prompts mixing english with icelandic, swahili, papiamento, irish and malayalam (5)
    d24 pos: commands overriding variables with a credential (extra-vars, --set, -var, build args) (5)
    d24 pos: deploy clis taking a token flag or env prefix (5)
    d24 pos: desktop keyrings and credential stores printing a secret (5)
    d24 pos: env-prefixed migration runs with a database password (5)
    d24 pos: file transfer clients opening sftp and ftps urls with a password (5)
    d24 pos: handover notes in estonian, lithuanian, latvian, odia and esperanto (5)
    d24 pos: helpdesk ticket threads in hungarian, slovene, serbian, finnish and dutch (5)
    d24 pos: incident postmortems quoting the leaked value before rotation (5)
    d24 pos: it emails pasted in somali, hausa, yoruba, zulu and bosnian (5)
    d24 pos: login endpoint responses carrying a session token (5)
    d24 pos: make -n, just --dry-run and other task runners printing expanded recipes (5)
    d24 pos: meeting transcripts, captions and call chat logs where a password is given (5)
    d24 pos: object storage clis given a secret key as an argument (5)
    d24 pos: passwords piped into commands that read stdin (5)
    d24 pos: platform logins with the password or key on the command line (cf, oc, ibmcloud, kubectl, az) (5)
    d24 pos: poetry, twine, helm, argocd and flux repository credentials on the command line (5)
    d24 pos: prompts in basque, maltese, faroese, luxembourgish and yiddish (5)
    d24 pos: prompts in gujarati, marathi, punjabi, telugu and kannada (5)
    d24 pos: prompts in icelandic, galician, albanian, macedonian and welsh (5)
    d24 pos: prompts in khmer, hmong, mongolian, azerbaijani and tagalog (5)
    d24 pos: rendered template output with the credential filled in (5)
    d24 pos: rst, org-mode and asciidoc tables in runbooks with a password cell (5)
    d24 pos: shell alias, function and declare listings holding a credential (5)
    d24 pos: shell xtrace output expanding a credential (5)
    d24 pos: smtp auth sessions through swaks, openssl s_client, msmtp and smtplib debug (5)
    d24 pos: terminal recordings and scrollback captures with a typed credential (5)
    d24 pos: unixodbc isql, freetds tsql, sqsh, bcp and beeline logins (5)
    d24 pos: vertical record output (psql expanded display, mysql vertical, sqlite line mode, redis hgetall) (5)
    d24 pos: whatsapp and telegram chat exports with timestamped lines (5)
    d24 pos: windows remote execution commands with a password argument (5)
"""

# ruff: noqa: E501 (the tools' output keeps its long lines)
from __future__ import annotations

import string

from tests.privacy_eval import ALNUM, HEX, b64, gen, random_secret, sha, uuid_of
from tests.privacy_eval.carriers import N, P, edit_ev, read_ev, read_line, said, sh, write_ev

URLSAFE = ALNUM + "-_"
UPPER = string.ascii_uppercase + string.digits


def rs(tag: str, n: int = 24) -> str:
    """A random credential of `n` characters, fixed for `tag`."""
    return random_secret("d24" + tag, n)


def hx(tag: str, n: int = 32) -> str:
    return gen("d24" + tag, n, HEX)


def uid(tag: str) -> str:
    return uuid_of("d24" + tag)


def jwt(tag: str) -> str:
    """A signed token: a fixed header, a claims part and a signature, all base64url."""
    head = b64('{"alg":"HS256","typ":"JWT"}').rstrip("=").replace("+", "-").replace("/", "_")
    claims = b64('{"sub":"' + str(1000 + int(sha(tag, 4), 16)) + '","role":"user","iat":1773400000,"exp":1773403600}')
    claims = claims.rstrip("=").replace("+", "-").replace("/", "_")
    return f"{head}.{claims}.{gen('d24jwt' + tag, 43, URLSAFE)}"


def ghp(tag: str) -> str:
    return "ghp_" + gen("d24ghp" + tag, 36)


def azs(tag: str) -> str:
    """An app registration's client secret: three characters, 8Q~ and 31 more."""
    return gen("d24az" + tag, 3) + "8Q~" + gen("d24azb" + tag, 31, ALNUM + "-_.~")


# ---------------------------------------------------------------- positives


def prompts_north_south_europe() -> list:
    f = "d24 pos: prompts in icelandic, galician, albanian, macedonian and welsh"
    r1, r2, r3 = rs("is1", 20), "sk_test_" + gen("d24sq", 24), rs("cy1", 16)
    return [
        P(f, said("Getur þú lagað tenginguna við gagnagrunninn? Notandinn er `bokhald_app` og lykilorðið er `Lundi!Hafnarfj88`, "
                  "hýsillinn er db2.innri.example.is. Ég fæ alltaf „FATAL: password authentication failed for user bokhald_app“.", "is-a"),
          "Lundi!Hafnarfj88"),
        P(f, said(f"Ola! Preciso que configures o cliente SMTP do backend. Usuario: notificacions@concello.example.gal, contrasinal: {r1}. "
                  "O servidor é smtp.example.gal, porto 587 con STARTTLS. Despois proba a enviar un correo de proba.", "gl-a"), r1),
        P(f, said(f"Përshëndetje, ky është çelësi i API-së për mjedisin e testimit: {r2}\nTë lutem shtoje te skedari .env si PAYMENTS_API_KEY "
                  "dhe rinise serverin. Pastaj provo një pagesë me kartën 4242 4242 4242 4242.", "sq-a"), r2),
        P(f, said("Здраво, ова е лозинката за админ панелот на WordPress: `Vardar#Skopje1991` (корисник: admin). "
                  "Те молам ажурирај ги додатоците и кажи ми дали има некој што не е компатибилен со PHP 8.3.", "mk-a"), "Vardar#Skopje1991"),
        P(f, said(f"Helo, dyma'r manylion i fewngofnodi i'r gweinydd FTP: defnyddiwr `ysgol_web`, cyfrinair `{r3}`. "
                  "Allwch chi uwchlwytho'r ffolder dist/ i /public_html os gwelwch yn dda? Diolch yn fawr!", "cy-a"), r3),
    ]


def prompts_asia() -> list:
    f = "d24 pos: prompts in khmer, hmong, mongolian, azerbaijani and tagalog"
    r1, g, r3, w = rs("km1", 22), ghp("hm1"), rs("mn1", 18), "whsec_" + gen("d24wh", 32)
    return [
        P(f, said(f"សួស្តី! សូមជួយភ្ជាប់ទៅ Redis នៅលើ server ផលិតកម្ម។ ពាក្យសម្ងាត់គឺ {r1} ហើយ host គឺ 10.20.4.17 port 6379។ "
                  "ខ្ញុំចង់ពិនិត្យមើល key ណាដែលមិនមាន TTL។", "km-a"), r1),
        P(f, said(f"Nyob zoo, thov pab kuv teeb tsa GitHub Actions. Tus token yog {g} thiab kuv xav kom nws push tau mus rau "
                  "lub repo `hmong-dictionary`. Ua tsaug ntau!", "hm-a"), g),
        P(f, said(f"Сайн байна уу. Манай MongoDB-ийн холболтын мөр: mongodb+srv://tailan_user:{r3}@cluster0.ab12c.mongodb.net/tailan "
                  "— үүнийг ашиглаад сүүлийн 7 хоногийн захиалгыг тоолж өгөөч.", "mn-a"), r3),
        P(f, said("Salam! Serverə SSH ilə qoşulmaq lazımdır: istifadəçi `deploy`, parol `Xezer_Baki2025!`, ünvan 198.51.100.40. "
                  "Nginx konfiqurasiyasını yoxla və 502 xətasının səbəbini tap.", "az-a"), "Xezer_Baki2025!"),
        P(f, said(f"Pakitingnan mo naman kung bakit ayaw gumana ng webhook. Ito yung signing secret na nilagay ko sa dashboard: {w}\n"
                  "Pareho ba ito sa nasa `config/webhooks.ts` natin? Salamat!", "tl-a"), w),
    ]


def prompts_indic() -> list:
    f = "d24 pos: prompts in gujarati, marathi, punjabi, telugu and kannada"
    k1, tw, r3, r4 = hx("gu1"), hx("pa1"), rs("te1", 16), rs("kn1", 48)
    return [
        P(f, said(f"મારે આ API key નો ઉપયોગ કરીને હવામાન ડેટા લાવવો છે: {k1}\nકૃપા કરીને Python સ્ક્રિપ્ટ લખો જે અમદાવાદનું આજનું તાપમાન બતાવે.", "gu-a"), k1),
        P(f, said("आपल्या staging डेटाबेसचा पासवर्ड बदलला आहे. नवीन पासवर्ड: Sahyadri@Pune77 — कृपया docker-compose.yml मध्ये "
                  "अपडेट कर आणि कंटेनर पुन्हा सुरू कर.", "mr-a"), "Sahyadri@Pune77"),
        P(f, said(f"ਸਤ ਸ੍ਰੀ ਅਕਾਲ! ਮੇਰਾ Twilio auth token ਇਹ ਹੈ: {tw} ਅਤੇ account SID AC{hx('pa2')} ਹੈ। "
                  "SMS ਭੇਜਣ ਵਾਲਾ ਫੰਕਸ਼ਨ 401 ਦੇ ਰਿਹਾ ਹੈ, ਜ਼ਰਾ ਦੇਖੋ।", "pa-a"), tw),
        P(f, said(f"హాయ్, మా SFTP సర్వర్ లాగిన్ వివరాలు: హోస్ట్ sftp.example.in, యూజర్ reports, పాస్‌వర్డ్ {r3}. "
                  "ప్రతి రోజు రాత్రి 1 గంటకు CSV ఫైల్‌ని డౌన్‌లోడ్ చేసే cron job రాయండి.", "te-a"), r3),
        P(f, said(f"ನಮಸ್ಕಾರ, ಈ JWT ಸೈನಿಂಗ್ ಸೀಕ್ರೆಟ್ ಬಳಸಿ ಟೋಕನ್ ಪರಿಶೀಲಿಸುವ Express middleware ಬರೆಯಿರಿ: {r4}\nಇದು production ಗೆ ಸೇರಿದ್ದು, ಜಾಗ್ರತೆ.", "kn-a"), r4),
    ]


def code_switched() -> list:
    f = "d24 pos: code-switched prompts mixing english with icelandic, swahili, papiamento, irish and malayalam"
    npm, aws, rz = "npm_" + gen("d24npm", 36), gen("d24aws", 40, ALNUM + "+/"), rs("ml1", 24)
    return [
        P(f, said(f"ok so the deploy fails again, ég held að token-ið sé útrunnið. Nýja token-ið er {npm} — can you set it as NPM_TOKEN "
                  "in the repo secrets og keyra pipeline-ið aftur?", "cs-a"), npm),
        P(f, said("Bro, nimejaribu ku-login kwa admin panel lakini inakataa. Password ni Simba_Nairobi#12, user ni admin@duka.example.co.ke. "
                  "Hebu check kama hash kwa users table ni bcrypt ama argon2.", "cs-b"), "Simba_Nairobi#12"),
        P(f, said("Bon dia! Mi a cambia e password di e database pa Korsou2026!Dushi, pero e app ta keda duna 'Access denied for user'. "
                  "Kiko mi mester cambia den appsettings.Production.json? The connection string is under ConnectionStrings:Default.", "cs-c"),
          "Korsou2026!Dushi"),
        P(f, said(f"Dia dhuit! An féidir leat an script backup a rith leis an eochair nua? aws_secret_access_key = {aws}\n"
                  "Tá an key id sa chomhad ~/.aws/config cheana, just swap the secret please.", "cs-d"), aws),
        P(f, said(f"ചേട്ടാ, ഈ Razorpay key secret ഒന്ന് .env-ൽ ഇട്ടേക്ക്: {rz}. key id rzp_test_{gen('d24rzid', 14)} ആണ്. "
                  "payment capture webhook-um test ചെയ്യണം, ok?", "cs-e"), rz),
    ]


def emails_africa_balkans() -> list:
    f = "d24 pos: it emails pasted in somali, hausa, yoruba, zulu and bosnian"
    r2, r3, r5 = rs("ha1", 18), rs("yo1", 32), rs("bs1", 20)
    return [
        P(f, said("can you set up openvpn on my laptop with this?\n\nFrom: Xasan Cali <xasan.cali@example.so>\nTo: c.warsame@example.so\n"
                  "Subject: Akoonka cusub ee VPN\n\nSalaan Cabdi,\n\nWaxaan kuu furay akoon VPN ah.\nMagaca isticmaalaha: c.warsame\n"
                  "Furaha sirta ah (ku meel gaar): Hargeisa-Biyo-41\nFadlan beddel marka ugu horreysa ee aad gasho.\n\nMahadsanid,\nXasan", "so-a"),
          "Hargeisa-Biyo-41"),
        P(f, said(f"Subject: Bayanan shiga uwar garken gwaji\n\nAssalamu alaikum Musa,\n\nGa bayanan shiga uwar garken gwaji:\n"
                  f"Adireshi: https://gwaji.example.ng/admin\nSunan mai amfani: musa.admin\nKalmar sirri: {r2}\n\nKar ka raba wa kowa.\nNa gode,\nAmina", "ha-a"), r2),
        P(f, read_ev("/home/dev/inbox/sms-api-key.eml",
                     "From: Tokunbo Adeyemi <tokunbo@example.com.ng>\nTo: backend@example.com.ng\nDate: Tue, 10 Mar 2026 08:14:22 +0100\n"
                     f"Subject: Kọ́kọ́rọ́ API tuntun\nContent-Type: text/plain; charset=UTF-8\n\nẸ ǹlẹ́ o,\n\nÈyí ni kọ́kọ́rọ́ API tuntun fún iṣẹ́ SMS: {r3}\n"
                     "Ẹ jọ̀wọ́ ẹ fi sí inú ibi ìpamọ́ àṣírí ti CI kí ẹ sì pa èyí àtijọ́ rẹ́.\n\nO ṣeun,\nTòkunbọ̀\n", "yo-a"), r3),
        P(f, said("Translate this to English and tell me if I should change the password:\n\nSawubona Thabo,\n\n"
                  "Iphasiwedi yesikhashana ye-akhawunti yakho ye-Jira ithi: Ubuntu!Thekwini9\nSicela uyishintshe ngemuva kokungena okokuqala.\n\n"
                  "Ngiyabonga,\nUmnyango we-IT", "zu-a"), "Ubuntu!Thekwini9"),
        P(f, said(f"Pozdrav Emire,\n\nšaljem ti pristupne podatke za produkcijski RabbitMQ:\nhost: mq.example.ba\nkorisnik: narudzbe_svc\n"
                  f"lozinka: {r5}\n\nMolim te da ih ne stavljaš u repozitorij.\n\nLP,\nSelma\n\n---\nkako da ovo podesim u application.yml za Spring AMQP?", "bs-a"), r5),
    ]


def handover_notes() -> list:
    f = "d24 pos: handover notes in estonian, lithuanian, latvian, odia and esperanto"
    r1, r3, r5 = rs("et1", 18), rs("lv1", 22), rs("eo1", 32)
    return [
        P(f, read_ev("/home/dev/ops/yleandmine.md",
                     "# Üleandmine — öövalve\n\n- Grafana: https://grafana.sise.example.ee (kasutaja `admin`, parool `" + r1 + "`)\n"
                     "- Häireid saadab PagerDuty, võti on 1Passwordis.\n- Varukoopiad jooksevad kell 02:00, logid /var/log/backup.\n", "et-a"), r1),
        P(f, read_line("Perdavimo pastabos (Tomas → Rūta)\n\n1. Jenkins administratoriaus slaptažodis: Neris_Vilnius_58\n"
                       "2. Naujas build agentas dar nepridėtas (žr. INFRA-2207).\n3. Sertifikatas baigiasi kovo 30 d.", "lt-a"), "Neris_Vilnius_58"),
        P(f, said("Lūdzu pārbaudi manas nodošanas piezīmes, vai viss ir skaidrs jaunajam kolēģim:\n\n"
                  f"* Staging DB: psql -h db.staging.example.lv -U lietotne — parole: {r3}\n* Kafka klasteris ir atjaunināts uz 3.7.\n"
                  "* Neaizmirsti atjaunot TLS sertifikātu līdz piektdienai.", "lv-a"), r3),
        P(f, write_ev("/home/dev/ops/handover-or.md",
                      "# ହସ୍ତାନ୍ତର ଟିପ୍ପଣୀ\n\n- ପ୍ରଡକ୍ସନ ସର୍ଭର: 203.0.113.24\n- ରୁଟ୍ ପାସୱାର୍ଡ: Konark#Sun1250\n- ବ୍ୟାକଅପ୍ ପ୍ରତିଦିନ ରାତି ୨ଟାରେ ଚାଲେ।\n", "or-a"),
          "Konark#Sun1250"),
        P(f, read_ev("/home/dev/ops/transdono.txt",
                     f"Transdonaj notoj\n================\nLa API-ŝlosilo por la tradukservo estas {r5}\nĜi validas ĝis la fino de la monato.\n"
                     "La dokumentaro troviĝas en docs/traduko.md.\n", "eo-a"), r5),
    ]


def chat_exports() -> list:
    f = "d24 pos: whatsapp and telegram chat exports with timestamped lines"
    tg = f"{7100000000 + int(sha('d24tg', 8), 16) % 99999999}:AA{gen('d24tgb', 33, URLSAFE)}"
    r3, r5 = rs("ce3", 20), rs("ce5", 16)
    return [
        P(f, said("summarise this chat and list the action items:\n\n[14/03/2026, 09:12:44] Ravi Menon: whats the wifi at the new office?\n"
                  "[14/03/2026, 09:13:02] Priya S: Network ACME-5G, password Mango$Lassi2026\n[14/03/2026, 09:13:10] Ravi Menon: thanks! also who owns the printer ticket?\n"
                  "[14/03/2026, 09:15:31] Priya S: facilities, I'll ping them", "ce-a"), "Mango$Lassi2026"),
        P(f, read_ev("/home/dev/Downloads/WhatsApp Chat with Marta.txt",
                     f"12/03/26, 18:40 - João: já criei o bot\n12/03/26, 18:41 - João: o token é {tg}\n12/03/26, 18:42 - Marta: ok, vou pôr no servidor\n"
                     "12/03/26, 18:42 - Marta: <Media omitted>\n", "ce-b"), tg),
        P(f, read_line('{\n "name": "Ops on-call",\n "type": "private_group",\n "id": 4418820193,\n "messages": [\n  {\n   "id": 1182,\n   "type": "message",\n'
                       f'   "date": "2026-02-11T22:04:51",\n   "from": "Dana K",\n   "from_id": "user5512093",\n   "text": "root pw for the new box is {r3}"\n  }}\n ]\n}}', "ce-c"), r3),
        P(f, said("Dana K, [11.02.2026 22:04]\nnew redis password for prod: Tulip-Harbor-808\n\nMilan, [11.02.2026 22:06]\ndone, restarted the workers\n\n"
                  "^ from our telegram group, update the k8s secret accordingly", "ce-d"), "Tulip-Harbor-808"),
        P(f, read_line(f"[2026-03-09, 7:41:03 PM] Mehdi: db pass for analytics: {r5}\n[2026-03-09, 7:41:40 PM] Sara: 👍\n"
                       "[2026-03-09, 7:43:12 PM] Mehdi: and the host is analytics-db.internal:5432", "ce-e"), r5),
    ]


def postmortems() -> list:
    f = "d24 pos: incident postmortems quoting the leaked value before rotation"
    sk = "sk_live_" + gen("d24pm1", 24)
    r2, r4 = rs("pm2", 20), "xoxb-" + str(int(sha("d24pm4a", 10), 16))[:12] + "-" + str(int(sha("d24pm4b", 10), 16))[:13] + "-" + gen("d24pm4", 24)
    return [
        P(f, read_ev("/home/dev/app/docs/postmortems/2026-03-02-leaked-key.md",
                     "# Postmortem: payment key committed to a public repo\n\n## Timeline (UTC)\n"
                     f"- 14:02 key `{sk}` committed in config/prod.py (commit 3f9c2a1)\n- 14:19 secret scanning alert received\n"
                     "- 14:31 key rolled in the dashboard, new key in the vault\n\n## Root cause\nA debugging change bypassed the settings loader.\n", "pm-a"), sk),
        P(f, said(f"draft the root cause section for this: the ORM logged the full DSN at DEBUG, including the password {r2}, and the logs "
                  "went to the shared bucket for 3 days before we noticed. We rotated it at 10:40.", "pm-b"), r2),
        P(f, edit_ev("/home/dev/app/docs/incidents/INC-2291.md",
                     "## INC-2291 — admin password in support ticket\n\nImpact: TBD\nMitigation: password changed 2026-02-18 09:12 UTC, sessions revoked.\n",
                     "Impact: TBD",
                     "Impact: the helpdesk admin password (`Cobalt-Otter-4471`) was pasted in ticket #55120, visible to 14 agents.", "pm-c"),
          "Cobalt-Otter-4471"),
        P(f, read_line(f"Summary: a Slack bot token ({r4}) was printed by the deploy job and kept in CI logs for 9 days.\n"
                       "Detection: a contributor reported it.\nAction items:\n- mask the token in the job\n- rotate on every deploy", "pm-d", 3), r4),
        P(f, said("we're writing the postmortem for yesterday. quote from the chat log: \"the vpn psk is Basalt+Fjord+2026, it's in the "
                  "wiki\" — that wiki page was public. how should we phrase the impact section?", "pm-e"), "Basalt+Fjord+2026"),
    ]


def xtrace() -> list:
    f = "d24 pos: shell xtrace output expanding a credential"
    r1, r2, g, r4, aws = rs("xt1", 24), rs("xt2", 16), ghp("xt3"), rs("xt4", 32), gen("d24xt5", 40, ALNUM + "+/")
    return [
        P(f, sh("bash -x scripts/deploy.sh staging", "Deploying 1.14.2 to staging\nDone.\n", "xt-a",
                "+ ENV=staging\n+ source .env.staging\n++ REGISTRY=registry.example.com\n"
                f"++ REGISTRY_PASSWORD={r1}\n+ docker login -u ci -p {r1} registry.example.com\n"
                "WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n+ docker push registry.example.com/app:1.14.2\n"), r1),
        P(f, sh("sh -x ./backup.sh", "", "xt-b",
                f"+ date +%F\n+ DAY=2026-03-12\n+ mysqldump -uroot -p{r2} --all-databases --single-transaction\n+ gzip -9\n+ aws s3 cp - s3://acme-backups/db/2026-03-12.sql.gz\n"), r2),
        P(f, said("why does this step print my token? from the actions log:\n\n"
                  f"2026-03-10T11:02:14.5512093Z + curl -sf -H 'Authorization: token {g}' https://api.github.com/repos/acme/web/releases/latest\n"
                  "2026-03-10T11:02:14.9023311Z + jq -r .tag_name\n2026-03-10T11:02:14.9211120Z v3.8.0", "xt-c"), g),
        P(f, sh("zsh -x ./bin/sync-catalog", "synced 412 products\n", "xt-d",
                f"+sync-catalog:4> export CATALOG_API_KEY={r4}\n+sync-catalog:5> curl -s -X POST https://catalog.example.com/v2/sync -H 'X-Api-Key: {r4}'\n"), r4),
        P(f, sh("PS4='+(${BASH_SOURCE}:${LINENO}): ${FUNCNAME[0]:+${FUNCNAME[0]}(): }' bash -x ./rotate.sh", "rotated\n", "xt-e",
                f"+(./rotate.sh:25): main(): aws configure set aws_access_key_id AKIA{gen('d24xt5id', 16, UPPER)} --profile backup\n"
                f"+(./rotate.sh:26): main(): aws configure set aws_secret_access_key {aws} --profile backup\n+(./rotate.sh:28): main(): echo rotated\n"), aws),
    ]


def dry_runs() -> list:
    f = "d24 pos: make -n, just --dry-run and other task runners printing expanded recipes"
    r1, r2, pyp, r5 = rs("dr1", 20), rs("dr2", 22), "pypi-AgEIcHlwaS5vcmc" + gen("d24pyp", 60, URLSAFE), rs("dr5", 18)
    return [
        P(f, sh("make -n deploy", "docker build -t registry.example.com/app:1.4.2 .\n"
                f"docker login -u deploy -p {r1} registry.example.com\ndocker push registry.example.com/app:1.4.2\nkubectl rollout restart deploy/app\n", "dr-a"), r1),
        P(f, sh("just --dry-run seed", "", "dr-b",
                f"psql postgresql://app:{r2}@localhost:5432/app -v ON_ERROR_STOP=1 -f db/seed.sql\n"), r2),
        P(f, sh("task --dry migrate", "", "dr-c",
                "task: [migrate] migrate -database 'mysql://svc_shop:Pepper-Mill-63@tcp(db:3306)/shop' -path migrations up\n"), "Pepper-Mill-63"),
        P(f, sh("make -n release VERSION=2.3.0", "rm -rf dist\npython -m build\n"
                f"twine upload -u __token__ -p {pyp} dist/*\ngit tag v2.3.0\n", "dr-d"), pyp),
        P(f, sh("invoke --dry deploy-docs", "rsync -az site/ docs@docs.example.org:/var/www/docs/\n"
                f"curl -fsS -u admin:{r5} -X POST https://docs.example.org/api/cache/purge\n", "dr-e"), r5),
    ]


def odbc_clis() -> list:
    f = "d24 pos: unixodbc isql, freetds tsql, sqsh, bcp and beeline logins"
    r2, r4 = rs("od2", 18), rs("od4", 20)
    return [
        P(f, sh("isql -v PROD_MSSQL sa 'Quartz#Falcon19'",
                "+---------------------------------------+\n| Connected!                            |\n|                                       |\n"
                "| sql-statement                         |\n| help [tablename]                      |\n| quit                                  |\n"
                "|                                       |\n+---------------------------------------+\nSQL> ", "od-a"), "Quartz#Falcon19"),
        P(f, sh(f"tsql -S mssql01 -U reporting -P {r2}",
                'locale is "en_US.UTF-8"\nlocale charset is "UTF-8"\nusing default charset "UTF-8"\n1> ', "od-b"), r2),
        P(f, sh("sqsh -S SYB_PROD -U sa -P 'Harbor!Lights7' -D billing -C 'select count(*) from invoices'",
                "\n -----------\n      184223\n\n(1 row affected)\n", "od-c"), "Harbor!Lights7"),
        P(f, sh(f"bcp dbo.Orders out orders.dat -S tcp:sql.example.net,1433 -U etl -P {r4} -c -t ','",
                "\nStarting copy...\n1000 rows successfully bulk-copied to host-file. Total received: 1000\n"
                "8412 rows copied.\nNetwork packet size (bytes): 4096\nClock Time (ms.) Total     : 211    Average : (39867.30 rows per sec.)\n", "od-d"), r4),
        P(f, sh("beeline -u 'jdbc:hive2://hive.example.net:10000/default' -n analyst -p Ember-Sloth-31 -e 'show tables;'",
                "Connecting to jdbc:hive2://hive.example.net:10000/default\nConnected to: Apache Hive (version 3.1.3)\n"
                "+-------------+\n|  tab_name   |\n+-------------+\n| clicks      |\n| sessions    |\n+-------------+\n2 rows selected (0.212 seconds)\n", "od-e"),
          "Ember-Sloth-31"),
    ]


def key_creation() -> list:
    f = "d24 pos: cloud clis printing a credential they just created"
    a1, a2, hk, sp, ln = azs("kc1"), azs("kc2"), "HRKU-AA" + gen("d24hk", 58, URLSAFE), gen("d24kc4", 44, ALNUM + "+/"), hx("kc5", 64)
    return [
        P(f, sh('az ad sp create-for-rbac --name gh-deploy --role contributor --scopes /subscriptions/' + uid("sub1"),
                '{\n  "appId": "' + uid("kc1app") + '",\n  "displayName": "gh-deploy",\n  "password": "' + a1 + '",\n  "tenant": "' + uid("ten") + '"\n}\n', "kc-a",
                "Creating 'contributor' role assignment under scope '/subscriptions/" + uid("sub1") + "'\n"
                "The output includes credentials that you must protect. Be sure that you do not include these credentials in your code or check the credentials into your source control.\n"), a1),
        P(f, sh("az ad app credential reset --id " + uid("kc2app") + " --append --years 1",
                '{\n  "appId": "' + uid("kc2app") + '",\n  "password": "' + a2 + '",\n  "tenant": "' + uid("ten") + '"\n}\n', "kc-b"), a2),
        P(f, sh('heroku authorizations:create --description "ci deploy" --expires-in 2592000',
                f"Creating OAuth Authorization... done\nClient:      <none>\nID:          {uid('hkid')}\nDescription: ci deploy\nScope:       global\n"
                f"Token:       {hk}\nExpires at:  Sat, 11 Apr 2026 10:02:44 GMT (in 30 days)\nUpdated at:  Thu, 12 Mar 2026 10:02:44 GMT (less than a minute ago)\n", "kc-c"), hk),
        P(f, sh("aws iam create-service-specific-credential --user-name ci-bot --service-name codecommit.amazonaws.com",
                '{\n    "ServiceSpecificCredential": {\n        "CreateDate": "2026-03-12T10:05:31+00:00",\n        "ServiceName": "codecommit.amazonaws.com",\n'
                '        "ServiceUserName": "ci-bot-at-123456789012",\n        "ServicePassword": "' + sp + '",\n'
                '        "ServiceSpecificCredentialId": "ACCA' + gen("d24kc4id", 17, UPPER) + '",\n        "UserName": "ci-bot",\n        "Status": "Active"\n    }\n}\n', "kc-d"), sp),
        P(f, sh("linode-cli profile token-create --label ci-terraform --scopes '*' --expiry 2026-09-01T00:00:00",
                "┌──────────┬──────────────┬─────────────────────┬──────────────────────────────────────────────────────────────────┬─────────────────────┐\n"
                "│ id       │ label        │ created             │ token                                                            │ expiry              │\n"
                "├──────────┼──────────────┼─────────────────────┼──────────────────────────────────────────────────────────────────┼─────────────────────┤\n"
                f"│ 58120933 │ ci-terraform │ 2026-03-12T10:07:12 │ {ln} │ 2026-09-01T00:00:00 │\n"
                "└──────────┴──────────────┴─────────────────────┴──────────────────────────────────────────────────────────────────┴─────────────────────┘\n", "kc-e"), ln),
    ]


def admin_api_keys() -> list:
    f = "d24 pos: admin apis answering a key-creation request with the new key"
    gl = "glsa_" + gen("d24gl", 32) + "_" + hx("gl2", 8)
    hb, ms, ts, gt = rs("hb", 32), hx("ms", 64), gen("d24ts", 32), hx("gt", 40)
    return [
        P(f, sh("curl -s -X POST -H 'Content-Type: application/json' -H \"Authorization: Bearer $GRAFANA_ADMIN_TOKEN\" "
                "-d '{\"name\":\"ci-dashboards\"}' https://grafana.example.com/api/serviceaccounts/12/tokens",
                '{"id":31,"name":"ci-dashboards","key":"' + gl + '"}', "ak-a"), gl),
        P(f, sh("curl -s -u \"admin:$HARBOR_PW\" -H 'Content-Type: application/json' -X POST https://harbor.example.com/api/v2.0/robots -d @robot.json | jq .",
                '{\n  "creation_time": "2026-03-12T10:11:02.114Z",\n  "expires_at": -1,\n  "id": 14,\n  "name": "robot$ci-push",\n  "secret": "' + hb + '"\n}\n', "ak-b"), hb),
        P(f, sh("curl -s -X POST 'http://localhost:7700/keys' -H \"Authorization: Bearer $MEILI_MASTER_KEY\" -H 'Content-Type: application/json' "
                "--data-binary '{\"description\":\"indexer\",\"actions\":[\"documents.add\",\"documents.delete\"],\"indexes\":[\"products\"],\"expiresAt\":null}'",
                '{"name":null,"description":"indexer","key":"' + ms + '","uid":"' + uid("msu") + '","actions":["documents.add","documents.delete"],'
                '"indexes":["products"],"expiresAt":null,"createdAt":"2026-03-12T10:12:40.4418Z","updatedAt":"2026-03-12T10:12:40.4418Z"}', "ak-c"), ms),
        P(f, sh("curl -s 'http://localhost:8108/keys' -X POST -H \"X-TYPESENSE-API-KEY: ${TYPESENSE_API_KEY}\" "
                "-d '{\"description\":\"Admin key for importer\",\"actions\":[\"*\"],\"collections\":[\"*\"]}'",
                '{"actions":["*"],"collections":["*"],"description":"Admin key for importer","expires_at":64723363199,"id":3,"value":"' + ts + '"}', "ak-d"), ts),
        P(f, sh("curl -s -u ci-bot -X POST https://git.example.org/api/v1/users/ci-bot/tokens -H 'Content-Type: application/json' "
                "-d '{\"name\":\"drone\",\"scopes\":[\"write:repository\"]}'",
                '{"id":9,"name":"drone","sha1":"' + gt + '","token_last_eight":"' + gt[-8:] + '","scopes":["write:repository"]}', "ak-e",
                "Enter host password for user 'ci-bot':"), gt),
    ]


def package_repo_logins() -> list:
    f = "d24 pos: poetry, twine, helm, argocd and flux repository credentials on the command line"
    r1, r3, gp, g = rs("pr1", 22), rs("pr3", 20), "glpat-" + gen("d24glp", 20, URLSAFE), ghp("pr5")
    return [
        P(f, sh(f"poetry config http-basic.internal ci-bot {r1}", "", "pr-a"), r1),
        P(f, sh("twine upload --repository-url https://nexus.example.com/repository/pypi-internal/ -u deployer -p 'Granite!Owl22' dist/*",
                "Uploading distributions to https://nexus.example.com/repository/pypi-internal/\nUploading acme_utils-2.3.0-py3-none-any.whl\n"
                "100% ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 14.2/14.2 kB • 00:00 • ?\nUploading acme_utils-2.3.0.tar.gz\n"
                "100% ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 12.8/12.8 kB • 00:00 • ?\n", "pr-b"), "Granite!Owl22"),
        P(f, sh(f"helm repo add internal https://charts.example.com --username robot-ci --password {r3}",
                '"internal" has been added to your repositories\n', "pr-c"), r3),
        P(f, sh(f"argocd repo add https://git.example.com/platform/gitops.git --username argocd --password {gp}",
                "Repository 'https://git.example.com/platform/gitops.git' added\n", "pr-d"), gp),
        P(f, sh(f"flux create secret git gitops-auth --url=https://github.com/acme/fleet --username=git --password={g}",
                "► git secret 'gitops-auth' created in 'flux-system' namespace\n", "pr-e"), g),
    ]


def keyrings() -> list:
    f = "d24 pos: desktop keyrings and credential stores printing a secret"
    r1, r2, pyp, aws, r5 = rs("kr1", 20), rs("kr2", 16), "pypi-AgEIcHlwaS5vcmc" + gen("d24krp", 70, URLSAFE), gen("d24kr4", 40, ALNUM + "+/"), rs("kr5", 28)
    return [
        P(f, sh("secret-tool lookup service smtp username alerts@example.org", r1 + "\n", "kr-a"), r1),
        P(f, sh("kwallet-query -r 'Nextcloud' -f 'Passwords' kdewallet", r2 + "\n", "kr-b"), r2),
        P(f, sh("python -m keyring get https://upload.pypi.org/legacy/ __token__", pyp + "\n", "kr-c"), pyp),
        P(f, sh("envchain aws env | grep ^AWS_", f"AWS_ACCESS_KEY_ID=AKIA{gen('d24kr4id', 16, UPPER)}\nAWS_SECRET_ACCESS_KEY={aws}\nAWS_DEFAULT_REGION=eu-central-1\n", "kr-d"), aws),
        P(f, sh("sudo systemd-creds decrypt /etc/credstore.encrypted/db-password -", r5 + "\n", "kr-e"), r5),
    ]


def deep_links() -> list:
    f = "d24 pos: app deep links and client urls carrying a password"
    r4 = rs("dl4", 12)
    return [
        P(f, said("post this in the guild discord please: join voice with ts3server://voice.example.net?port=9987&nickname=guest&password=Raid-Night-55&channel=Raid", "dl-a"),
          "Raid-Night-55"),
        P(f, said("the mumble link doesn't open on linux, any idea? mumble://raidleader:Wyvern_Cave_9@mumble.example.org:64738/Guild/Raid?version=1.2.0", "dl-b"),
          "Wyvern_Cave_9"),
        P(f, sh("xdg-open 'steam://connect/203.0.113.50:27015/Scrim0rama42'", "", "dl-c"), "Scrim0rama42"),
        P(f, sh(f"open 'vnc://:{r4}@10.0.0.21:5901'", "", "dl-d"), r4),
        P(f, sh("gio mount 'smb://CORP;jdoe:Lantern-Moth-17@fs01.corp.example.com/shared'",
                "", "dl-e"), "Lantern-Moth-17"),
    ]


def deploy_clis() -> list:
    f = "d24 pos: deploy clis taking a token flag or env prefix"
    r1, nf, fb, su, rw = rs("dc1", 24), "nfp_" + gen("d24nfp", 40), "1//0g" + gen("d24fb", 98, URLSAFE), hx("dc4"), uid("dc5")
    return [
        P(f, sh(f"vercel deploy --prod --token {r1}", "Vercel CLI 37.4.2\n🔍  Inspect: https://vercel.com/acme/web/4dRjUq1aPpq9ZqkTnXQwVYoR2s7B [2s]\n"
                "✅  Production: https://web-acme.vercel.app [41s]\n", "dc-a"), r1),
        P(f, sh(f"netlify deploy --prod --dir=dist --auth {nf}", "Deploy path:        /home/dev/app/dist\nDeploying to main site URL...\n✔ Finished hashing\n"
                "✔ CDN requesting 12 files\n✔ Finished uploading 12 assets\n✔ Deploy is live!\n\nProduction URL:    https://acme-docs.netlify.app\n", "dc-b"), nf),
        P(f, sh(f'firebase deploy --only hosting --token "{fb}"', "\n=== Deploying to 'acme-web-prod'...\n\ni  deploying hosting\n"
                "✔  hosting[acme-web-prod]: file upload complete\n✔  Deploy complete!\n\nHosting URL: https://acme-web-prod.web.app\n", "dc-c",
                "Authenticating with a `login:ci` token is deprecated and will be removed in a future major version of `firebase-tools`.\n"), fb),
        P(f, sh(f"SURGE_LOGIN=ci@example.com SURGE_TOKEN={su} npx surge ./build docs-acme.surge.sh",
                "\n   Running as ci@example.com (Student)\n\n        project: ./build\n         domain: docs-acme.surge.sh\n         upload: [====================] 100% eta: 0.0s (48 files, 1203344 bytes)\n"
                "            CDN: [====================] 100%\n\n   Success! - Published to docs-acme.surge.sh\n", "dc-d"), su),
        P(f, sh(f"RAILWAY_TOKEN={rw} railway up --service api --detach",
                "  Indexed\n  Compressed [====================] 100%\n  Uploaded\n  Build Logs: https://railway.com/project/" + uid("rwp") + "/service/" + uid("rws") + "?id=" + uid("rwd") + "\n", "dc-e"), rw),
    ]


def env_prefixed_migrations() -> list:
    f = "d24 pos: env-prefixed migration runs with a database password"
    r2, r4, r5 = rs("em2", 20), rs("em4", 18), rs("em5", 24)
    return [
        P(f, sh("MYSQL_PWD='Thistle*Brook61' mysql -h db.internal -u migrator shop < migrations/0042_add_order_index.sql", "", "em-a"), "Thistle*Brook61"),
        P(f, sh(f"FLYWAY_URL=jdbc:postgresql://db:5432/app FLYWAY_USER=flyway FLYWAY_PASSWORD={r2} flyway migrate",
                "Flyway Community Edition 10.10.0 by Redgate\n\nDatabase: jdbc:postgresql://db:5432/app (PostgreSQL 16.2)\nSuccessfully validated 42 migrations (execution time 00:00.061s)\n"
                "Current version of schema \"public\": 41\nMigrating schema \"public\" to version \"42 - add order index\"\nSuccessfully applied 1 migration to schema \"public\", now at version v42 (execution time 00:00.118s)\n", "em-b"), r2),
        P(f, sh("LIQUIBASE_COMMAND_USERNAME=lb LIQUIBASE_COMMAND_PASSWORD='Marble_Heron_8' liquibase update --changelog-file=db/changelog.xml",
                "Starting Liquibase at 10:21:04 (version 4.27.0 #1525 built at 2024-03-25 17:08+0000)\nLiquibase Version: 4.27.0\nRunning Changeset: db/changelog.xml::17::mkovac\n"
                "UPDATE SUMMARY\nRun:                          1\nPreviously run:              16\nFiltered out:                 0\n-------------------------------\nTotal change sets:           17\n\n"
                "Liquibase command 'update' was executed successfully.\n", "em-c"), "Marble_Heron_8"),
        P(f, sh(f"SQLCMDPASSWORD={r4} sqlcmd -S tcp:sql01,1433 -U deploy -d Payroll -i schema/upgrade_17.sql", "Changed database context to 'Payroll'.\n(3 rows affected)\n", "em-d"), r4),
        P(f, sh(f"DATABASE_URL='postgresql://prisma:{r5}@db.example.net:5432/app?schema=public' npx prisma migrate deploy",
                "Prisma schema loaded from prisma/schema.prisma\nDatasource \"db\": PostgreSQL database \"app\", schema \"public\" at \"db.example.net:5432\"\n\n"
                "3 migrations found in prisma/migrations\n\nApplying migration `20260312093011_add_invoice_status`\n\nAll migrations have been successfully applied.\n", "em-e"), r5),
    ]


def object_storage() -> list:
    f = "d24 pos: object storage clis given a secret key as an argument"
    mc, b2, s3, aw, r2k = gen("d24os1", 40, ALNUM + "+/"), "K005" + gen("d24os2", 27, ALNUM + "+/"), gen("d24os3", 40, ALNUM + "+/"), gen("d24os4", 40, ALNUM + "+/"), hx("os5", 64)
    return [
        P(f, sh(f"mc alias set minio-prod https://s3.example.com minio-admin {mc}", "Added `minio-prod` successfully.\n", "os-a"), mc),
        P(f, sh(f"b2 account authorize 0052b3c4d5e6f70000000003 {b2}",
                "Using https://api.backblazeb2.com\n{\n    \"accountId\": \"2b3c4d5e6f70\",\n    \"allowed\": {\n        \"bucketId\": null,\n"
                "        \"capabilities\": [\"listBuckets\", \"readFiles\", \"writeFiles\"]\n    },\n    \"apiUrl\": \"https://api005.backblazeb2.com\"\n}\n", "os-b"), b2),
        P(f, sh(f"s3cmd --access_key=DO00{gen('d24os3id', 16, UPPER)} --secret_key={s3} --host=fra1.digitaloceanspaces.com "
                "--host-bucket='%(bucket)s.fra1.digitaloceanspaces.com' ls s3://acme-assets",
                "2026-03-10 08:12          DIR  s3://acme-assets/img/\n2026-03-11 17:40     1048213  s3://acme-assets/catalog.pdf\n", "os-c"), s3),
        P(f, sh(f"aws configure set aws_secret_access_key {aw} --profile wasabi", "", "os-d"), aw),
        P(f, sh(f"rclone config create r2 s3 provider=Cloudflare access_key_id={hx('os5id')} secret_access_key={r2k} "
                "endpoint=https://" + hx("os5acct") + ".r2.cloudflarestorage.com",
                f"[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {hx('os5id')}\nsecret_access_key = {r2k}\n"
                f"endpoint = https://{hx('os5acct')}.r2.cloudflarestorage.com\n", "os-e"), r2k),
    ]


def variable_overrides() -> list:
    f = "d24 pos: commands overriding variables with a credential (extra-vars, --set, -var, build args)"
    r2, npm = rs("vo2", 24), "npm_" + gen("d24vonpm", 36)
    return [
        P(f, sh("ansible-playbook site.yml -i inventories/prod --extra-vars 'db_password=Saffron_Gull_90 app_version=2.4.1' --limit db",
                "\nPLAY [db] **********************************************************************\n\nTASK [postgresql : ensure role] *************************************************\n"
                "changed: [db01]\n\nPLAY RECAP *********************************************************************\ndb01 : ok=7 changed=1 unreachable=0 failed=0\n", "vo-a"), "Saffron_Gull_90"),
        P(f, sh(f"helm upgrade --install app ./chart -n shop --set image.tag=1.8.0 --set postgresql.auth.password={r2}",
                'Release "app" has been upgraded. Happy Helming!\nNAME: app\nLAST DEPLOYED: Thu Mar 12 10:31:08 2026\nNAMESPACE: shop\nSTATUS: deployed\nREVISION: 14\n', "vo-b"), r2),
        P(f, sh("terraform apply -var 'admin_password=Citrus-Dune-2026' -var region=eu-west-1 -auto-approve",
                "azurerm_mssql_server.main: Modifying... [id=/subscriptions/" + uid("vos") + "/resourceGroups/rg-app/providers/Microsoft.Sql/servers/sql-app]\n"
                "azurerm_mssql_server.main: Modifications complete after 14s\n\nApply complete! Resources: 0 added, 1 changed, 0 destroyed.\n", "vo-c"), "Citrus-Dune-2026"),
        P(f, sh(f"docker build --build-arg NPM_TOKEN={npm} --build-arg GIT_SHA=9f3c2a17 -t app:dev .",
                "#0 building with \"default\" instance using docker driver\n#5 [2/6] RUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc\n#5 DONE 0.2s\n"
                "#9 naming to docker.io/library/app:dev done\n", "vo-d",
                " 1 warning found (use docker --debug to expand):\n - SecretsUsedInArgOrEnv: Do not use ARG or ENV instructions for sensitive data (ARG \"NPM_TOKEN\") (line 3)\n"), npm),
        P(f, sh('packer build -var "winrm_password=Velvet#Comet55" -var "image_version=2026.03" windows.pkr.hcl',
                "azure-arm.win2022: output will be in this color.\n\n==> azure-arm.win2022: Running builder ...\n==> azure-arm.win2022: Waiting for WinRM to become available...\n"
                "    azure-arm.win2022: WinRM connected.\nBuild 'azure-arm.win2022' finished after 21 minutes 4 seconds.\n", "vo-e"), "Velvet#Comet55"),
    ]


def windows_remote() -> list:
    f = "d24 pos: windows remote execution commands with a password argument"
    r4 = rs("wr4", 16)
    return [
        P(f, sh("psexec \\\\fs01 -u CORP\\svc_deploy -p 'Orchid!Valley3' cmd /c ipconfig",
                "\nPsExec v2.43 - Execute processes remotely\nCopyright (C) 2001-2023 Mark Russinovich\nSysinternals - www.sysinternals.com\n\n"
                "Windows IP Configuration\n\n   IPv4 Address. . . . . . . . . . . : 10.1.4.20\ncmd exited on fs01 with error code 0.\n", "wr-a"), "Orchid!Valley3"),
        P(f, said("winrs gives me 'Access is denied', what's wrong?\n\nwinrs -r:http://app02:5985 -u:Administrator -p:Pumice-Lake-88 \"sc query w3svc\"", "wr-b"),
          "Pumice-Lake-88"),
        P(f, sh("evil-winrm -i 10.10.14.22 -u administrator -p 'Lab-Tiger-2026'",
                "\nEvil-WinRM shell v3.5\n\nInfo: Establishing connection to remote endpoint\n*Evil-WinRM* PS C:\\Users\\Administrator\\Documents> ", "wr-c"), "Lab-Tiger-2026"),
        P(f, sh(f"wmic /node:ws-114 /user:CORP\\helpdesk /password:{r4} os get caption,version",
                "Caption                                Version\nMicrosoft Windows 11 Enterprise        10.0.22631\n", "wr-d"), r4),
        P(f, sh("netexec smb 10.0.50.0/24 -u labadmin -p 'Copper-Wren-4'",
                "SMB  10.0.50.11  445  DC01  [*] Windows Server 2022 Build 20348 x64 (name:DC01) (domain:lab.local) (signing:True) (SMBv1:False)\n"
                "SMB  10.0.50.11  445  DC01  [+] lab.local\\labadmin:Copper-Wren-4 (Pwn3d!)\n", "wr-e"), "Copper-Wren-4"),
    ]


def rendered_templates() -> list:
    f = "d24 pos: rendered template output with the credential filled in"
    r1, r2, r3, r4, r5 = rs("rt1", 20), rs("rt2", 24), rs("rt3", 18), rs("rt4", 22), rs("rt5", 16)
    return [
        P(f, sh("envsubst < k8s/secret.tmpl.yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-db\n  namespace: shop\ntype: Opaque\n"
                f"stringData:\n  username: shop_app\n  password: {r1}\n", "rt-a"), r1),
        P(f, sh("gomplate -f config.tmpl -d vars=vars/prod.yaml", "listen: :8080\nlog_level: info\n"
                f"dsn: postgres://shop:{r2}@pg-prod.internal:5432/shop?sslmode=require\n", "rt-b"), r2),
        P(f, sh("jinja2 templates/pgbouncer.ini.j2 vars/prod.yml", "[databases]\nshop = host=pg-prod.internal port=5432 dbname=shop\n\n[pgbouncer]\n"
                f"listen_port = 6432\nauth_type = plain\nauth_file = /etc/pgbouncer/userlist.txt\nadmin_users = pgb_admin\n; rendered userlist\n; \"pgb_admin\" \"{r3}\"\n", "rt-c"), r3),
        P(f, sh("helm template app ./chart -f values-prod.yaml -s templates/secret.yaml", "---\n# Source: app/templates/secret.yaml\napiVersion: v1\nkind: Secret\n"
                f"metadata:\n  name: app-redis\ntype: Opaque\nstringData:\n  REDIS_URL: \"redis://:{r4}@redis-master:6379/0\"\n", "rt-d"), r4),
        P(f, sh("docker compose --env-file .env.prod config", "name: shop\nservices:\n  db:\n    environment:\n      POSTGRES_DB: shop\n"
                f"      POSTGRES_PASSWORD: {r5}\n      POSTGRES_USER: shop\n    image: postgres:16.2\n", "rt-e"), r5),
    ]


def login_responses() -> list:
    f = "d24 pos: login endpoint responses carrying a session token"
    j, rt, gq, soap, zb = jwt("lr1"), rs("lr1r", 40), jwt("lr2"), rs("lr3", 32), hx("lr4")
    sid = gen("d24lr5", 86, URLSAFE)
    return [
        P(f, sh("curl -s -X POST https://api.example.com/v1/auth/login -H 'Content-Type: application/json' -d \"{\\\"email\\\":\\\"qa@example.com\\\",\\\"password\\\":\\\"$QA_PASSWORD\\\"}\"",
                '{"token":"' + j + '","refresh_token":"' + rt + '","expires_in":3600,"user":{"id":4412,"email":"qa@example.com"}}', "lr-a"), j, rt),
        P(f, sh("curl -s https://api.example.com/graphql -H 'Content-Type: application/json' --data @login.json",
                '{"data":{"login":{"token":"' + gq + '","user":{"id":"VXNlcjo0NDEy","name":"QA Bot"}}}}', "lr-b"), gq),
        P(f, sh("curl -s -H 'Content-Type: text/xml; charset=utf-8' -H 'SOAPAction: \"urn:Login\"' --data @login.xml https://erp.example.com/ws/Session.asmx",
                '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>'
                f'<LoginResponse xmlns="urn:erp"><LoginResult><SessionId>{soap}</SessionId><ExpiresMinutes>30</ExpiresMinutes></LoginResult></LoginResponse></soap:Body></soap:Envelope>', "lr-c"), soap),
        P(f, sh("curl -s -H 'Content-Type: application/json-rpc' -d @login.json https://zabbix.example.com/api_jsonrpc.php",
                '{"jsonrpc":"2.0","result":"' + zb + '","id":1}', "lr-d"), zb),
        P(f, said("the DSM login works from curl but my python script gets 119. here's what curl returns:\n\n"
                  '{"data":{"account":"backup","device_id":"","ik_message":"","is_portal_port":false,"sid":"' + sid + '","synotoken":"--------"},"success":true}', "lr-e"), sid),
    ]


def smtp_sessions() -> list:
    f = "d24 pos: smtp auth sessions through swaks, openssl s_client, msmtp and smtplib debug"
    pw2 = rs("sm2", 20)
    plain2 = b64("\0alerts@example.org\0" + pw2)
    pw3 = rs("sm3", 18)
    plain3 = b64("\0relay\0" + pw3)
    plain5 = b64("\0app@example.net\0Nectar-Gale-31")
    return [
        P(f, sh("swaks --to ops@example.org --from alerts@example.org --server smtp.example.org:587 --tls --auth LOGIN --auth-user alerts@example.org --auth-password 'Pewter#Finch40'",
                "=== Trying smtp.example.org:587...\n=== Connected to smtp.example.org.\n<-  220 smtp.example.org ESMTP Postfix\n -> EHLO dev-laptop\n<-  250-STARTTLS\n"
                "=== TLS started with cipher TLSv1.3:TLS_AES_256_GCM_SHA384:256\n ~> AUTH LOGIN\n<~  334 VXNlcm5hbWU6\n ~> " + b64("alerts@example.org") + "\n"
                "<~  334 UGFzc3dvcmQ6\n ~> " + b64("Pewter#Finch40") + "\n<~  235 2.7.0 Authentication successful\n ~> MAIL FROM:<alerts@example.org>\n<~  250 2.1.0 Ok\n", "sm-a"),
          "Pewter#Finch40", b64("Pewter#Finch40")),
        P(f, sh(f"swaks --to ops@example.org --server smtp.example.org:465 --tlsc --auth PLAIN --auth-user alerts@example.org --auth-password {pw2}",
                "=== Trying smtp.example.org:465...\n=== TLS started with cipher TLSv1.3:TLS_AES_256_GCM_SHA384:256\n<~  220 smtp.example.org ESMTP\n ~> EHLO dev-laptop\n"
                f"<~  250-AUTH PLAIN LOGIN\n ~> AUTH PLAIN {plain2}\n<~  235 2.7.0 Authentication successful\n", "sm-b"), pw2, plain2),
        P(f, said("the relay accepts my AUTH but then rejects RCPT, here's the openssl s_client session:\n\n"
                  "$ openssl s_client -starttls smtp -connect mail.example.com:587 -crlf -quiet\n250 CHUNKING\nEHLO test\n250-mail.example.com\n250-AUTH PLAIN LOGIN\n"
                  f"AUTH PLAIN {plain3}\n235 2.7.0 Authentication successful\nMAIL FROM:<relay@example.com>\n250 2.1.0 Ok\nRCPT TO:<x@gmail.com>\n554 5.7.1 Relay access denied", "sm-c"),
          plain3),
        P(f, sh("msmtp --debug -a work ops@example.org < test.eml",
                "loaded system configuration file /etc/msmtprc\n<-- 220 smtp.work.example ESMTP\n--> EHLO dev-laptop\n<-- 250-AUTH LOGIN PLAIN\n--> STARTTLS\n"
                "--> AUTH LOGIN\n<-- 334 VXNlcm5hbWU6\n--> " + b64("dev@work.example") + "\n<-- 334 UGFzc3dvcmQ6\n--> " + b64("Quill+Marsh+73") + "\n<-- 235 2.7.0 Authentication successful\n", "sm-d"),
          b64("Quill+Marsh+73")),
        P(f, sh("python send_report.py --debug",
                "send: 'ehlo dev-laptop\\r\\n'\nreply: b'250-smtp.example.net\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\n"
                f"send: 'AUTH PLAIN {plain5}\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'\nreply: retcode (235); Msg: b'2.7.0 Authentication successful'\n", "sm-e"),
          plain5),
    ]


def markup_tables() -> list:
    f = "d24 pos: rst, org-mode and asciidoc tables in runbooks with a password cell"
    r1, r3, r5 = rs("mt1", 16), rs("mt3", 20), rs("mt5", 18)
    return [
        P(f, read_ev("/home/dev/ops/runbook/access.rst",
                     "Access\n======\n\n+-------------+-----------+------------------+\n| Service     | User      | Password         |\n+=============+===========+==================+\n"
                     f"| pgAdmin     | ops       | {r1} |\n+-------------+-----------+------------------+\n| RabbitMQ UI | guest-ops | Sorrel-Creek-12  |\n"
                     "+-------------+-----------+------------------+\n", "mt-a"), r1, "Sorrel-Creek-12"),
        P(f, read_line(".. list-table:: Staging logins\n   :header-rows: 1\n\n   * - System\n     - Login\n     - Password\n   * - Keycloak admin\n"
                       "     - admin\n     - Maple^Drift^90\n   * - Kibana\n     - elastic\n     - (see vault)", "mt-b", 40), "Maple^Drift^90"),
        P(f, read_ev("/home/dev/notes/infra.org",
                     "* Lab hosts\n| host     | ip          | user  | pass         |\n|----------+-------------+-------+--------------|\n"
                     f"| pve01    | 10.0.10.11  | root  | {r3} |\n| nas01    | 10.0.10.20  | admin | see bitwarden |\n", "mt-c"), r3),
        P(f, write_ev("/home/dev/docs/modules/ops/pages/credentials.adoc",
                      "= Test credentials\n\n[cols=\"1,1,1\"]\n|===\n| Environment | User | Password\n\n| qa\n| tester\n| Willow-Kite-27\n\n| uat\n| uat-admin\n"
                      f"| {r5}\n|===\n", "mt-d"), "Willow-Kite-27", r5),
        P(f, read_ev("/home/dev/ops/runbook/smtp.rst",
                     ".. csv-table:: Mail relays\n   :header: \"Relay\", \"Port\", \"User\", \"Password\"\n\n"
                     "   \"smtp-a.example.net\", 587, \"relay-a\", \"Indigo_Shoal_45\"\n   \"smtp-b.example.net\", 587, \"relay-b\", \"Fable_Crest_08\"\n", "mt-e"),
          "Indigo_Shoal_45", "Fable_Crest_08"),
    ]


def file_transfer() -> list:
    f = "d24 pos: file transfer clients opening sftp and ftps urls with a password"
    r1, r4 = rs("ft1", 18), rs("ft4", 20)
    return [
        P(f, sh(f'winscp.com /ini=nul /command "open sftp://upload:{r1}@files.example.com/ -hostkey=""ssh-ed25519 255 {gen("d24ft1hk", 43, ALNUM + "+/")}""" "put report.csv /inbound/" "exit"',
                "Searching for host...\nConnecting to host...\nAuthenticating...\nUsing username \"upload\".\nAuthenticating with pre-entered password.\nAuthenticated.\n"
                "Starting the session...\nSession started.\nreport.csv                |        48 KB |  512.3 KB/s | binary | 100%\n", "ft-a"), r1),
        P(f, sh("duck --username deploy --password 'Ochre-Rain-66' --upload sftp://files.example.com/var/www/site/ dist/ --existing overwrite",
                "Login successful…\nUpload dist/index.html…\nUpload complete\n", "ft-b"), "Ochre-Rain-66"),
        P(f, sh("curl -T report-2026-03.csv 'sftp://reports:Nimbus-Pier-19@sftp.example.net/inbound/'",
                "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n100 40211    0     0  100 40211      0  71312 --:--:-- --:--:-- --:--:-- 71296\n", "ft-c"),
          "Nimbus-Pier-19"),
        P(f, sh(f"lftp -u mirror,{r4} sftp://mirror.example.org -e 'mirror -R site/ /htdocs; quit'",
                "Total: 14 directories, 212 files, 0 symlinks\nNew: 3 files, 0 symlinks\nModified: 9 files, 0 symlinks\n", "ft-d"), r4),
        P(f, sh("sshfs backup@nas.example.lan:/volume1/backup /mnt/nas -o password_stdin <<< 'Cinder_Vale_52'", "", "ft-e"), "Cinder_Vale_52"),
    ]


def helpdesk_threads() -> list:
    f = "d24 pos: helpdesk ticket threads in hungarian, slovene, serbian, finnish and dutch"
    return [
        P(f, said("Segíts válaszolni erre a jegyre:\n\nJegy #48213 — Nem tudok belépni\nÜgyfél (2026-03-02 09:14): Jó napot! A felhasználónevem kovacs.anna, "
                  "a jelszavam Balaton#Nyar2024, mégis azt írja ki, hogy hibás a jelszó.\nÜgyintéző (09:31): Köszönjük, vizsgáljuk.", "hd-a"), "Balaton#Nyar2024"),
        P(f, read_ev("/home/dev/support/export/ticket-7781.txt",
                     "Zahtevek #7781 — prijava v portal ne deluje\n\n[2026-03-03 10:02] Stranka: Pozdravljeni, uporabnik je m.novak, geslo Triglav_Bled64. "
                     "Po prijavi se stran samo osveži.\n[2026-03-03 10:40] Podpora: Hvala, preverjamo piškotke seje.\n", "hd-b"), "Triglav_Bled64"),
        P(f, said("Korisnik piše u tiketu #3390: \"Ne mogu da se prijavim na VPN, korisničko ime je jovana.p, lozinka Kalemegdan!85, a dobijam grešku 691.\" "
                  "Kako da proverim u RADIUS logovima šta se dešava?", "hd-c"), "Kalemegdan!85"),
        P(f, read_line("Tiketti #20931\nAsiakas 4.3.2026 klo 13.22:\nHei, en pääse kirjautumaan. Käyttäjätunnus: virtanen.e ja salasana Revontuli-Oulu33. "
                       "Virheilmoitus: 'Invalid credentials'.\nTukihenkilö 4.3.2026 klo 13.40:\nKiitos, tarkistamme asian.", "hd-d"), "Revontuli-Oulu33"),
        P(f, said("Kun je dit ticket samenvatten voor de overdracht?\n\nTicket 55102 – klant kan niet inloggen\nKlant: Goedemiddag, mijn gebruikersnaam is "
                  "j.devries en mijn wachtwoord is Stroopwafel#Gouda7. Het werkte gisteren nog.\nAgent: We hebben uw account ontgrendeld.", "hd-e"), "Stroopwafel#Gouda7"),
    ]


def meeting_transcripts() -> list:
    f = "d24 pos: meeting transcripts, captions and call chat logs where a password is given"
    r2, r5 = rs("mt2", 24), rs("mt5b", 20)
    return [
        P(f, read_ev("/home/dev/meetings/2026-03-05-standup.vtt",
                     "WEBVTT\n\n00:12:28.500 --> 00:12:31.040\n<v Ana Ruiz>OK, for the demo you need the staging admin.\n\n"
                     "00:12:31.040 --> 00:12:35.200\n<v Ana Ruiz>The password is Koala-Sunset-42, capital K.\n\n00:12:35.900 --> 00:12:38.000\n<v Ben Ito>Got it, thanks.\n", "mtr-a"),
          "Koala-Sunset-42"),
        P(f, said("extract the decisions from this zoom chat:\n\n10:40:12 From  Ana Ruiz  to  Everyone:\n\tlink to the board is in the calendar invite\n"
                  f"10:41:05 From  Ana Ruiz  to  Everyone:\n\tstaging api key for the demo: {r2}\n10:43:51 From  Ben Ito  to  Everyone:\n\twe ship friday then", "mtr-b"), r2),
        P(f, read_line("Speaker 2  04:13\nSo the shared mailbox password is Glacier-Bay-2031 until we move it to SSO.\n\nSpeaker 1  04:20\n"
                       "Fine, but please write it in the vault, not here.", "mtr-c", 58), "Glacier-Bay-2031"),
        P(f, read_ev("/home/dev/training/onboarding-part2.srt",
                     "41\n00:03:07,000 --> 00:03:11,100\nthen open the admin console in the browser\n\n42\n00:03:11,200 --> 00:03:14,000\n"
                     "and you log in with admin, password Onboard!Tern2026\n\n43\n00:03:14,300 --> 00:03:17,900\nthe first thing you see is the tenant list\n", "mtr-d"),
          "Onboard!Tern2026"),
        P(f, said("clean up this teams meeting chat for the notes, drop the small talk:\n\n[10:02] Chen Wei: morning\n"
                  f"[10:05] Chen Wei: jenkins token for the migration job: {r5}\n[10:06] Lea Brandt: thx, running it now\n[10:30] Lea Brandt: done, 412 jobs moved", "mtr-e"), r5),
    ]


def terminal_recordings() -> list:
    f = "d24 pos: terminal recordings and scrollback captures with a typed credential"
    do = "dop_v1_" + hx("tr1", 64)
    r3, r5 = rs("tr3", 20), rs("tr5", 18)
    return [
        P(f, read_ev("/home/dev/casts/setup-doctl.cast",
                     '{"version": 2, "width": 120, "height": 32, "timestamp": 1773312000, "env": {"SHELL": "/bin/zsh", "TERM": "xterm-256color"}}\n'
                     '[0.412, "o", "$ "]\n[1.930, "o", "doctl auth init --access-token ' + do + '"]\n[2.101, "o", "\\r\\n"]\n'
                     '[3.220, "o", "Validating token... OK\\r\\n"]\n', "tr-a"), do),
        P(f, read_ev("/home/dev/typescript",
                     'Script started on 2026-03-04 10:22:11+00:00 [TERM="xterm-256color" TTY="/dev/pts/3" COLUMNS="120" LINES="32"]\n'
                     "$ mysql -uroot -pWalnut*Heath88 -e 'show databases'\n+--------------------+\n| Database           |\n+--------------------+\n| shop               |\n"
                     "+--------------------+\n$ exit\n\nScript done on 2026-03-04 10:23:02+00:00 [COMMAND_EXIT_CODE=\"0\"]\n", "tr-b"), "Walnut*Heath88"),
        P(f, sh("tmux capture-pane -p -S -40 -t ops:2",
                f"deploy@bastion:~$ export VAULT_TOKEN={('hvs.' + gen('d24tr3v', 24))}\ndeploy@bastion:~$ vault kv get -field=password secret/shop/db\n{r3}\n"
                "deploy@bastion:~$ ", "tr-c"), "hvs." + gen("d24tr3v", 24), r3),
        P(f, said("I recorded the failing session with asciinema, what is going on?\n\n"
                  '[5.01, "o", "$ redis-cli -h cache.internal -a Brindle_Fox_14 ping\\r\\n"]\n'
                  '[5.40, "o", "Warning: Using a password with \'-a\' or \'-u\' option on the command line interface may not be safe.\\r\\n"]\n'
                  '[5.62, "o", "(error) WRONGPASS invalid username-password pair or user is disabled.\\r\\n"]', "tr-d"), "Brindle_Fox_14"),
        P(f, read_line(f"Script started on 2026-02-20 16:40:02+01:00\n[ops@jump ~]$ ldapwhoami -x -H ldaps://ldap.example.org -D uid=svc-sync,ou=svc,dc=example,dc=org -w {r5}\n"
                       "dn:uid=svc-sync,ou=svc,dc=example,dc=org\n[ops@jump ~]$ exit", "tr-e"), r5),
    ]


def stdin_pipes() -> list:
    f = "d24 pos: passwords piped into commands that read stdin"
    r2 = ghp("sp2")
    return [
        P(f, sh("echo 'Hazel-Ridge-19' | sudo -S systemctl restart nginx", "", "sp-a", "[sudo] password for deploy: "), "Hazel-Ridge-19"),
        P(f, sh(f"echo {r2} | docker login ghcr.io -u octo-ci --password-stdin", "Login Succeeded\n", "sp-b"), r2),
        P(f, sh("printf '%s\\n' 'Falcon=Reef=64' | sudo openconnect --user=jdoe --passwd-on-stdin vpn.example.com",
                "POST https://vpn.example.com/\nConnected to 198.51.100.7:443\nSSL negotiation with vpn.example.com\nGot CONNECT response: HTTP/1.1 200 OK\n"
                "Configured as 10.8.0.44, with SSL connected and DTLS in progress\n", "sp-c"), "Falcon=Reef=64"),
        P(f, sh("echo 'Larch^Fen^07' | sudo passwd --stdin svc_reports", "Changing password for user svc_reports.\npasswd: all authentication tokens updated successfully.\n", "sp-d"),
          "Larch^Fen^07"),
        P(f, sh("kinit jdoe@CORP.EXAMPLE.COM <<< 'Spruce-Atoll-26' && klist",
                "Password for jdoe@CORP.EXAMPLE.COM: \nTicket cache: KCM:1000\nDefault principal: jdoe@CORP.EXAMPLE.COM\n\nValid starting     Expires            Service principal\n"
                "03/12/26 10:51:02  03/12/26 20:51:02  krbtgt/CORP.EXAMPLE.COM@CORP.EXAMPLE.COM\n", "sp-e"), "Spruce-Atoll-26"),
    ]


def platform_logins() -> list:
    f = "d24 pos: platform logins with the password or key on the command line (cf, oc, ibmcloud, kubectl, az)"
    ib, r4, a5 = gen("d24pl3", 44, URLSAFE), rs("pl4", 32), azs("pl5")
    return [
        P(f, sh("cf auth ci-user 'Tamarind!Lodge5'", "API endpoint: https://api.sys.example.com\n\nAuthenticating...\nOK\n\n"
                "Use 'cf target' to view or set your target org and space.\n", "pl-a"), "Tamarind!Lodge5"),
        P(f, sh("oc login -u developer -p Drizzle-Pine-70 https://api.ocp.example.com:6443",
                "Login successful.\n\nYou have access to 64 projects, the list has been suppressed. You can list all projects with 'oc projects'\n\nUsing project \"default\".\n", "pl-b"),
          "Drizzle-Pine-70"),
        P(f, sh(f"ibmcloud login --apikey {ib} -r eu-de", "API endpoint: https://cloud.ibm.com\nAuthenticating...\nOK\n\n"
                "Targeted account ACME Corp (" + hx("pl3acct") + ")\n\nTargeted region eu-de\n", "pl-c"), ib),
        P(f, sh(f"kubectl config set-credentials ci-deployer --token={r4}", 'User "ci-deployer" set.\n', "pl-d"), r4),
        P(f, sh(f"az login --service-principal -u {uid('pl5app')} -p {a5} --tenant {uid('ten')}",
                '[\n  {\n    "cloudName": "AzureCloud",\n    "homeTenantId": "' + uid("ten") + '",\n    "id": "' + uid("sub1") + '",\n    "isDefault": true,\n'
                '    "name": "Production",\n    "state": "Enabled",\n    "user": {\n      "name": "' + uid("pl5app") + '",\n      "type": "servicePrincipal"\n    }\n  }\n]\n', "pl-e"), a5),
    ]


def prompts_small_europe() -> list:
    f = "d24 pos: prompts in basque, maltese, faroese, luxembourgish and yiddish"
    r4, r5 = rs("lb4", 18), "sk-proj-" + gen("d24yi", 48, URLSAFE)
    return [
        P(f, said("Kaixo! Ezin dut datu-basera konektatu. Erabiltzailea: ikasle_app, pasahitza: `Donostia#Kontxa19`. "
                  "Zer gertatzen da pg_hba.conf fitxategiarekin? Errorea: no pg_hba.conf entry for host.", "eu-a"), "Donostia#Kontxa19"),
        P(f, said("Bonġu, din hija l-password tal-admin tas-sit: `Mdina_Rabat2026`. Tista' tgħinni naġġorna l-plugins u niċċekkja "
                  "li l-backup jaħdem qabel?", "mlt-a"), "Mdina_Rabat2026"),
        P(f, said("Hey, hetta er loyniorðið til testservaran: `Torshavn-Nolsoy77` (brúkari: test). Kanst tú koyra migratiónirnar og siga "
                  "mær, um nakað feilar?", "fo-a"), "Torshavn-Nolsoy77"),
        P(f, said(f"Moien, d'Passwuert fir de Mailserver ass `{r4}`, de Benotzer ass support@example.lu. Kanns de w.e.g. "
                  "d'SMTP-Astellungen an der App aktualiséieren an eng Testmail schécken?", "lb-a"), r4),
        P(f, said(f"שלום, דאָס איז מײַן API שליסל: {r5}\nביטע שרײַב אַ פּיטהאָן סקריפּט וואָס איבערזעצט די טעקע README.md אויף ייִדיש.", "yi-a"), r5),
    ]


def vertical_records() -> list:
    f = "d24 pos: vertical record output (psql expanded display, mysql vertical, sqlite line mode, redis hgetall)"
    sg = "SG." + gen("d24vr1a", 22, URLSAFE) + "." + gen("d24vr1b", 43, URLSAFE)
    mg, r4, r5 = "key-" + hx("vr3"), rs("vr4", 20), rs("vr5", 24)
    return [
        P(f, sh("psql -d app -x -c \"select * from integrations where provider = 'sendgrid'\"",
                f"-[ RECORD 1 ]-----------------------------------------------------------------------\nid         | 7\nprovider   | sendgrid\napi_key    | {sg}\n"
                "created_at | 2026-01-14 09:22:10.4412+00\n", "vr-a"), sg),
        P(f, sh("mysql -e 'select * from ftp_accounts where username=\"ftp_backup\"\\G' hosting",
                "*************************** 1. row ***************************\n       id: 3\n username: ftp_backup\n password: Garnet-Lagoon-38\n"
                "  homedir: /srv/backup\n   quota: 50G\n", "vr-b"), "Garnet-Lagoon-38"),
        P(f, sh("sqlite3 -line data/app.db 'select * from mail_providers'", f"      id = 1\nprovider = mailgun\n  domain = mg.example.com\n  secret = {mg}\n", "vr-c"), mg),
        P(f, sh("psql -d analytics -x -c 'select srvname, usename, umoptions from pg_user_mappings'",
                "-[ RECORD 1 ]---------------------------------------------\nsrvname   | orders_remote\nusename   | etl\n"
                f"umoptions | {{user=ch_reader,password={r4}}}\n", "vr-d"), r4),
        P(f, sh("redis-cli -n 2 HGETALL integration:stripe", f'1) "mode"\n2) "live"\n3) "account"\n4) "acct_1Q{gen("d24vr5a", 14)}"\n5) "webhook_secret"\n6) "{r5}"\n', "vr-e"), r5),
    ]


def alias_listings() -> list:
    f = "d24 pos: shell alias, function and declare listings holding a credential"
    gl, g, oa = "glpat-" + gen("d24al3", 20, URLSAFE), ghp("al4"), "sk-proj-" + gen("d24al5", 48, URLSAFE)
    return [
        P(f, sh("alias | grep prod", "alias prodlogs='ssh ops@prod-app01 journalctl -fu app'\nalias prodsql='mysql -h prod-db.internal -u admin -pRusset_Quay_44 shop'\n", "al-a"),
          "Russet_Quay_44"),
        P(f, sh("type deploy_stage", "deploy_stage is a function\ndeploy_stage () \n{ \n    curl -fsS -u admin:Auburn-Kiln-61 -X POST \"https://ci.example.com/job/stage/buildWithParameters?REF=$1\"\n}\n", "al-b"),
          "Auburn-Kiln-61"),
        P(f, sh("declare -p | grep TOKEN", f'declare -x GITLAB_TOKEN="{gl}"\ndeclare -- TOKEN_TTL="3600"\n', "al-c"), gl),
        P(f, sh("functions gh-mirror", f"# Defined in /home/dev/.config/fish/functions/gh-mirror.fish @ line 1\nfunction gh-mirror\n"
                f"    git push --mirror https://x-access-token:{g}@github.com/acme/$argv[1].git\nend\n", "al-d"), g),
        P(f, sh("pwsh -NoProfile -c 'Get-Content $PROFILE'", f"Set-Alias k kubectl\n$env:OPENAI_API_KEY = \"{oa}\"\nImport-Module posh-git\n", "al-e"), oa),
    ]


# ---------------------------------------------------------------- negatives


def neg_prompts_north_south_europe() -> list:
    f = "d24 neg: prompts in icelandic, galician, albanian, macedonian and welsh without a secret"
    return [
        N(f, said("Getur þú útskýrt af hverju lykilorðið er geymt sem bcrypt-tætigildi en ekki dulkóðað? Ég vil skilja muninn áður en ég breyti "
                  "`users`-töflunni. Lykilorðið sjálft sendi ég ekki, það er í lyklakippunni.", "nis-a")),
        N(f, said("Ola! O contrasinal do SMTP está na variable de contorno SMTP_PASSWORD, non o poñas no código. Podes facer que o backend "
                  "o lea con os.environ e que falle con erro claro se falta?", "ngl-a")),
        N(f, said("Përshëndetje, kur provoj të hyj në panel më del \"Fjalëkalimi duhet të ketë të paktën 12 karaktere\". "
                  "A mund ta ndryshosh rregullin në 10 karaktere te validators.py? Commit-i i fundit është 4e1d9b2.", "nsq-a")),
        N(f, said("Здраво, сакам да додадам копче „Заборавена лозинка“ на страницата за најава. Токенот за ресетирање треба да истече по 30 минути. "
                  "Можеш ли да го напишеш view-то во Django?", "nmk-a")),
        N(f, said("Helo, mae'r cyfrinair yn y rheolwr cyfrineiriau o dan 'FTP ysgol'. Allwch chi ysgrifennu sgript sy'n ei ddarllen o'r newidyn "
                  "amgylchedd FTP_PASSWORD ac yn uwchlwytho dist/ ?", "ncy-a")),
    ]


def neg_prompts_asia() -> list:
    f = "d24 neg: prompts in khmer, hmong, mongolian, azerbaijani and tagalog without a secret"
    return [
        N(f, said("សួស្តី! ហេតុអ្វីបានជា Redis បង្ហាញ NOAUTH Authentication required? ពាក្យសម្ងាត់ស្ថិតនៅក្នុង REDIS_PASSWORD ក្នុង .env រួចហើយ។ "
                  "សូមពិនិត្យ docker-compose.yml របស់ខ្ញុំ។", "nkm-a")),
        N(f, said("Nyob zoo, kuv tus GitHub token tas sij hawm lawm. Kuv yuav tsim ib tus tshiab li cas thiab muab nws tso rau hauv "
                  "repository secrets kom tsis txhob sau rau hauv code?", "nhm-a")),
        N(f, said("Сайн байна уу. MongoDB Atlas дээр шинэ хэрэглэгч үүсгэхдээ нууц үгийг Secrets Manager-аас авдаг болгомоор байна. "
                  "Terraform-ийн жишээ бичээд өгөөч. Cluster ID: 65f1c2a9e4b0d71a2c3e9f01.", "nmn-a")),
        N(f, said("Salam! SSH açarla qoşulmaq istəyirəm, parolla yox. ed25519 açarı necə yaradım və serverdə PasswordAuthentication-ı necə "
                  "söndürüm? Server versiyası Ubuntu 24.04.", "naz-a")),
        N(f, said("Paano ko ive-verify ang webhook signature sa Express? Nasa env var na STRIPE_WEBHOOK_SECRET yung secret. "
                  "Yung event id na nag-fail ay evt_1OqP3kLz9xT4mN2bQ8rV5cW7.", "ntl-a")),
    ]


def neg_prompts_indic() -> list:
    f = "d24 neg: prompts in gujarati, marathi, punjabi, telugu and kannada without a secret"
    return [
        N(f, said("API key ને કોડમાં લખવાને બદલે environment variable માંથી કેવી રીતે વાંચવી? મારી ફાઇલ weather.py છે અને "
                  "હું python-dotenv વાપરું છું.", "ngu-a")),
        N(f, said("पासवर्ड बदलल्यानंतर docker-compose मधील कंटेनर जुन्या पासवर्डने का जोडतो? पासवर्ड .env फाईलमध्ये POSTGRES_PASSWORD म्हणून आहे. "
                  "Image: postgres:16.2, volume: pgdata.", "nmr-a")),
        N(f, said("ਸਤ ਸ੍ਰੀ ਅਕਾਲ! Twilio ਦਾ auth token ਮੈਂ GitHub secrets ਵਿੱਚ TWILIO_AUTH_TOKEN ਨਾਮ ਨਾਲ ਰੱਖਿਆ ਹੈ। workflow ਵਿੱਚ ਇਸਨੂੰ ਕਿਵੇਂ ਵਰਤਾਂ? "
                  "Message SID ਜੋ ਫੇਲ ਹੋਇਆ: SM" + hx("npa1") + ".", "npa-a")),
        N(f, said("SFTP కోసం పాస్‌వర్డ్‌కి బదులు SSH key వాడాలి అనుకుంటున్నాను. ssh-keygen -t ed25519 తో తయారు చేసిన key ని సర్వర్‌లో ఎలా పెట్టాలి? "
                  "Fingerprint: SHA256:" + gen("d24nte", 43, ALNUM + "+/") + ".", "nte-a")),
        N(f, said("JWT secret ಅನ್ನು ಎಷ್ಟು ಉದ್ದವಾಗಿ ಇಡಬೇಕು? HS256 ಗೆ 32 bytes ಸಾಕೇ ಅಥವಾ RS256 ಗೆ ಬದಲಾಯಿಸಬೇಕೇ? kid ಈಗ 2026-03-key-1 ಇದೆ.", "nkn-a")),
    ]


def neg_code_switched() -> list:
    f = "d24 neg: code-switched prompts about credentials with ids and hashes but no value"
    return [
        N(f, said("ok so the deploy fails again, ég held að NPM_TOKEN sé útrunnið. Job id er 8823411902 og commit-ið er "
                  + sha("d24ncs1") + " — can you check the logs?", "ncs-a")),
        N(f, said("Bro, users table ina column ya password_hash, na migration ni 20260311_0942_add_argon2.py. Hebu niambie kama "
                  "tuna-rehash passwords on next login ama tunahitaji script.", "ncs-b")),
        N(f, said("Bon dia! E connection string ta den Azure Key Vault bou di e nòmber ConnectionStrings--Default. Kon mi ta hasi pa "
                  "appsettings.Production.json lesa esei i no un password fiho?", "ncs-c")),
        N(f, said("Dia dhuit! Tá an eochair AWS in ~/.aws/credentials faoin bpróifíl backup. Can you make the script use --profile backup "
                  "instead of hardcoding anything? Request id ón earráid: " + uid("ncs4") + ".", "ncs-d")),
        N(f, said("ചേട്ടാ, Razorpay key secret ഇപ്പോൾ RAZORPAY_KEY_SECRET env-ൽ ആണ്. payment id pay_" + gen("d24ncs5", 14) +
                  " refund ആകുന്നില്ല, logs നോക്കാമോ?", "ncs-e")),
    ]


def neg_emails() -> list:
    f = "d24 neg: it emails in somali, hausa, yoruba, zulu and bosnian that send no password"
    return [
        N(f, said("From: Xasan Cali <xasan.cali@example.so>\nSubject: Akoonka cusub ee VPN\n\nSalaan Cabdi,\n\nAkoonkaaga VPN waa diyaar. "
                  "Furaha sirta ah waxaad ka heli doontaa fariin SMS ah oo gaar ah. Tigidhka: IT-44120.\n\nMahadsanid,\nXasan", "nso-a")),
        N(f, said("Assalamu alaikum Musa,\n\nAn ƙirƙiri asusunka a uwar garken gwaji. Za ka karɓi hanyar saita kalmar sirri ta imel daban. "
                  "Lambar buƙata: REQ-2026-0312-118.\n\nNa gode,\nAmina", "nha-a")),
        N(f, read_ev("/home/dev/inbox/api-key-rotation.eml",
                     "From: Tokunbo Adeyemi <tokunbo@example.com.ng>\nTo: backend@example.com.ng\nSubject: Kọ́kọ́rọ́ API\nMessage-ID: <"
                     + hx("nyo1", 24) + "@mail.example.com.ng>\n\nẸ ǹlẹ́ o,\n\nMo ti fi kọ́kọ́rọ́ tuntun sí inú Vault ní ọ̀nà secret/sms/api-key. "
                     "Ẹ má ṣe fi ránṣẹ́ nínú ìmeèlì.\n\nO ṣeun,\nTòkunbọ̀\n", "nyo-a")),
        N(f, said("Sawubona Thabo,\n\nI-akhawunti yakho ye-Jira isilungile. Uzothola isixhumanisi sokusetha iphasiwedi ku-imeyili yakho "
                  "yomsebenzi. Inombolo yethikithi: HD-88213.\n\nNgiyabonga,\nUmnyango we-IT", "nzu-a")),
        N(f, said("Pozdrav Emire,\n\npristupne podatke za RabbitMQ sam stavila u 1Password, trezor 'Produkcija', stavka 'mq narudzbe_svc'. "
                  "Host je mq.example.ba, vhost /narudzbe.\n\nLP,\nSelma", "nbs-a")),
    ]


def neg_handover() -> list:
    f = "d24 neg: handover notes in estonian, lithuanian, latvian, odia and esperanto pointing to where secrets live"
    return [
        N(f, read_ev("/home/dev/ops/yleandmine-2.md",
                     "# Üleandmine\n\n- Grafana admini parool on Vaultis: `secret/ops/grafana#admin`.\n- PagerDuty teenuse ID: P7Q2XK9\n"
                     "- Viimane deploy: v4.12.3 (" + sha("d24net", 12) + ")\n", "net-a")),
        N(f, read_line("Perdavimo pastabos\n1. Jenkins slaptažodis – Bitwarden kolekcijoje „Infra“.\n2. Build agento ID: "
                       + uid("nlt") + "\n3. Sertifikato SHA-256 kontrolinė suma: " + hx("nlt2", 64), "nlt-a")),
        N(f, said("Nodošanas piezīmes:\n* Staging DB parole ir `kubectl get secret db-staging -o jsonpath='{.data.password}'`.\n"
                  "* Kafka klastera ID: " + gen("d24nlv", 22, URLSAFE) + "\n* Paroli netiek glabāta šeit.", "nlv-a")),
        N(f, write_ev("/home/dev/ops/handover-or-2.md",
                      "# ହସ୍ତାନ୍ତର\n\n- ସର୍ଭର: 203.0.113.24\n- ପାସୱାର୍ଡ: ଭଲ୍ଟରେ ଅଛି (secret/prod/root)\n- ଶେଷ ବ୍ୟାକଅପ୍ ID: bk-" + hx("nor", 12) + "\n", "nor-a")),
        N(f, read_ev("/home/dev/ops/transdono-2.txt",
                     "Transdonaj notoj\nLa API-ŝlosilo troviĝas en la medivariablo TRADUKO_API_KEY; neniam skribu ĝin ĉi tien.\n"
                     "Projekto-identigilo: " + uid("neo") + "\n", "neo-a")),
    ]


def neg_chat_exports() -> list:
    f = "d24 neg: whatsapp and telegram chat exports with order numbers, shas and links but no secret"
    return [
        N(f, said("summarise this chat:\n\n[14/03/2026, 09:12:44] Ravi Menon: the wifi password is on the card at reception\n"
                  "[14/03/2026, 09:13:02] Priya S: ok. also order #PO-2026-0441 arrived\n[14/03/2026, 09:15:31] Ravi Menon: 👍", "nce-a")),
        N(f, read_ev("/home/dev/Downloads/WhatsApp Chat with Marta 2.txt",
                     "12/03/26, 18:40 - João: já criei o bot, o token está no .env do servidor\n12/03/26, 18:41 - Marta: ok, qual é o id do chat?\n"
                     "12/03/26, 18:42 - João: -1002231458812\n12/03/26, 18:42 - Marta: <Media omitted>\n", "nce-b")),
        N(f, read_line('{\n "name": "Ops on-call",\n "type": "private_group",\n "id": 4418820193,\n "messages": [\n  {\n   "id": 1183,\n'
                       '   "type": "message",\n   "date": "2026-02-11T22:06:10",\n   "from": "Milan",\n   "text": "rolled back to ' + sha("d24nce3", 7) + ', see https://ci.example.com/job/4471"\n  }\n ]\n}', "nce-c")),
        N(f, said("Dana K, [11.02.2026 22:04]\nrotated the redis password, new one is in vault under secret/prod/redis\n\nMilan, [11.02.2026 22:06]\n"
                  "restarted workers, pod hash 7d9f8c6b5-x2k4q", "nce-d")),
        N(f, read_line("[2026-03-09, 7:41:03 PM] Mehdi: analytics db is up, uptime 99.98% last month\n[2026-03-09, 7:41:40 PM] Sara: nice, "
                       "dashboard id " + uid("nce5") + "\n[2026-03-09, 7:43:12 PM] Mehdi: creds via SSO as usual", "nce-e")),
    ]


def neg_postmortems() -> list:
    f = "d24 neg: incident postmortems naming rotated keys by id, fingerprint and request id"
    return [
        N(f, read_ev("/home/dev/app/docs/postmortems/2026-03-02-leaked-key-redacted.md",
                     "# Postmortem: payment key committed to a public repo\n\n- 14:02 a live key (ending `…4xQ9`) committed in config/prod.py (commit 3f9c2a1)\n"
                     "- 14:31 key rolled; new key id `rk_2026_03`\n- Stripe request id: req_" + gen("d24npm1", 14) + "\n", "npm-a")),
        N(f, said("draft the root cause: the ORM logged the DSN at DEBUG; the password was masked as `****` by the log filter except in one "
                  "handler. Affected log stream: app-prod/" + uid("npm2") + ". Rotated at 10:40.", "npm-b")),
        N(f, edit_ev("/home/dev/app/docs/incidents/INC-2292.md",
                     "## INC-2292 — credential in ticket\n\nThe helpdesk admin password was pasted in ticket #55120 (content since deleted).\nMitigation: TBD\n",
                     "Mitigation: TBD",
                     "Mitigation: the password was changed 2026-02-18 09:12 UTC; the audit event id is " + uid("npm3") + ".", "npm-c")),
        N(f, read_line("Summary: a bot token was printed by the deploy job.\nToken fingerprint (sha256): " + hx("npm4", 64) +
                       "\nRevoked via the admin API, response id " + gen("d24npm4r", 20, UPPER) + ".", "npm-d", 3)),
        N(f, said("postmortem wording help: 'The VPN pre-shared key was exposed on a public wiki page (revision 88213). The key was "
                  "replaced within 2 hours; no unauthorised tunnel was observed in 14 days of logs.'", "npm-e")),
    ]


def neg_xtrace() -> list:
    f = "d24 neg: shell xtrace output with shas, versions, masked values and variable names"
    return [
        N(f, sh("bash -x scripts/deploy.sh staging", "Deploying 1.14.2 to staging\n", "nxt-a",
                "+ ENV=staging\n+ VERSION=1.14.2\n+ GIT_SHA=" + sha("d24nxt1") + "\n+ docker login -u ci --password-stdin registry.example.com\n"
                "Login Succeeded\n+ docker push registry.example.com/app:1.14.2\n")),
        N(f, sh("sh -x ./backup.sh", "", "nxt-b",
                "+ date +%F\n+ DAY=2026-03-12\n+ mysqldump --defaults-extra-file=/etc/backup/my.cnf --all-databases --single-transaction\n+ sha256sum /tmp/2026-03-12.sql.gz\n"
                + hx("nxt2", 64) + "  /tmp/2026-03-12.sql.gz\n")),
        N(f, said("from the actions log, is this leaking anything?\n\n2026-03-10T11:02:14.5512093Z + curl -sf -H 'Authorization: token ***' "
                  "https://api.github.com/repos/acme/web/releases/latest\n2026-03-10T11:02:14.9211120Z v3.8.0", "nxt-c")),
        N(f, sh("zsh -x ./bin/sync-catalog", "synced 412 products\n", "nxt-d",
                "+sync-catalog:4> source /run/secrets/catalog.env\n+sync-catalog:5> curl -s -X POST https://catalog.example.com/v2/sync -H @/run/secrets/catalog-headers -H 'X-Request-Id: "
                + uid("nxt4") + "'\n")),
        N(f, sh("bash -x ./rotate.sh", "rotated\n", "nxt-e",
                "+ aws secretsmanager rotate-secret --secret-id arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-" + gen("d24nxt5", 6) + "\n"
                "+ echo rotated\n")),
    ]


def neg_dry_runs() -> list:
    f = "d24 neg: task runner dry runs with image digests, env references and versions"
    return [
        N(f, sh("make -n deploy", "docker build -t registry.example.com/app:1.4.2 .\n"
                "echo \"$REGISTRY_PASSWORD\" | docker login -u deploy --password-stdin registry.example.com\n"
                "docker push registry.example.com/app@sha256:" + hx("ndr1", 64) + "\n", "ndr-a")),
        N(f, sh("just --dry-run seed", "", "ndr-b", "psql \"$DATABASE_URL\" -v ON_ERROR_STOP=1 -f db/seed.sql\n")),
        N(f, sh("task --dry migrate", "", "ndr-c", "task: [migrate] migrate -database \"${MIGRATE_DSN}\" -path migrations up\n")),
        N(f, sh("make -n release VERSION=2.3.0", "python -m build\ntwine upload dist/*\ngit tag -s v2.3.0 -m 'release 2.3.0'\n", "ndr-d")),
        N(f, sh("invoke --dry deploy-docs", "rsync -az --checksum site/ docs@docs.example.org:/var/www/docs/\n"
                "curl -fsS -H \"Authorization: Bearer ${DOCS_PURGE_TOKEN}\" -X POST https://docs.example.org/api/cache/purge\n", "ndr-e")),
    ]


def neg_odbc() -> list:
    f = "d24 neg: isql, tsql, bcp and beeline sessions authenticating from dsn files, kerberos or prompts"
    return [
        N(f, sh("isql -v PROD_MSSQL", "+---------------------------------------+\n| Connected!                            |\n+---------------------------------------+\nSQL> ", "nod-a")),
        N(f, sh("tsql -S mssql01 -U reporting", 'locale is "en_US.UTF-8"\nlocale charset is "UTF-8"\nPassword: \n1> select @@version\n2> go\n'
                "Microsoft SQL Server 2022 (RTM-CU12) - 16.0.4125.3 (X64)\n", "nod-b")),
        N(f, sh("odbcinst -q -s && cat ~/.odbc.ini", "[PROD_MSSQL]\n[HIVE_PROD]\n\n[PROD_MSSQL]\nDriver = ODBC Driver 18 for SQL Server\nServer = tcp:sql.example.net,1433\n"
                "Database = Orders\nTrusted_Connection = yes\n", "nod-c")),
        N(f, sh("bcp dbo.Orders out orders.dat -S tcp:sql.example.net,1433 -T -c -t ','",
                "\nStarting copy...\n8412 rows copied.\nNetwork packet size (bytes): 4096\nClock Time (ms.) Total     : 211\n", "nod-d")),
        N(f, sh("beeline -u 'jdbc:hive2://hive.example.net:10000/default;principal=hive/_HOST@EXAMPLE.NET' -e 'show tables;'",
                "Connected to: Apache Hive (version 3.1.3)\n+-------------+\n|  tab_name   |\n+-------------+\n| clicks      |\n+-------------+\n"
                "INFO  : Query ID = hive_20260312104411_" + uid("nod5") + "\n", "nod-e")),
    ]


def neg_key_listings() -> list:
    f = "d24 neg: cloud cli key listings with key ids, dates and hints but no secret"
    return [
        N(f, sh("az ad app credential list --id " + uid("kc2app"),
                '[\n  {\n    "customKeyIdentifier": null,\n    "displayName": "rbac",\n    "endDateTime": "2027-03-12T10:02:11Z",\n    "hint": "x7Q",\n'
                '    "keyId": "' + uid("nkl1") + '",\n    "secretText": null,\n    "startDateTime": "2026-03-12T10:02:11Z"\n  }\n]\n', "nkl-a")),
        N(f, sh("heroku authorizations", f"ci deploy      {uid('hkid')}  global\nlocal laptop   {uid('nkl2')}  global\n", "nkl-b")),
        N(f, sh("aws iam list-service-specific-credentials --user-name ci-bot",
                '{\n    "ServiceSpecificCredentials": [\n        {\n            "UserName": "ci-bot",\n            "Status": "Active",\n'
                '            "ServiceUserName": "ci-bot-at-123456789012",\n            "CreateDate": "2026-03-12T10:05:31+00:00",\n'
                '            "ServiceSpecificCredentialId": "ACCA' + gen("d24nkl3", 17, UPPER) + '",\n            "ServiceName": "codecommit.amazonaws.com"\n        }\n    ]\n}\n', "nkl-c")),
        N(f, sh("linode-cli profile tokens-list --text", "id\tlabel\tcreated\ttoken\texpiry\n58120933\tci-terraform\t2026-03-12T10:07:12\t" + hx("nkl4", 8) + "…\t2026-09-01T00:00:00\n", "nkl-d")),
        N(f, sh("gcloud iam service-accounts keys list --iam-account ci@acme-prod.iam.gserviceaccount.com",
                "KEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n"
                f"{hx('nkl5', 40)}  2026-03-12T10:09:44Z  9999-12-31T23:59:59Z\n{hx('nkl5b', 40)}  2025-11-02T08:14:20Z  9999-12-31T23:59:59Z  True\n", "nkl-e")),
    ]


def neg_admin_api_keys() -> list:
    f = "d24 neg: admin api key listings with ids, prefixes, names and expiry only"
    return [
        N(f, sh("curl -s -H \"Authorization: Bearer $GRAFANA_ADMIN_TOKEN\" https://grafana.example.com/api/serviceaccounts/12/tokens",
                '[{"id":31,"name":"ci-dashboards","created":"2026-03-12T10:11:00Z","lastUsedAt":null,"expiration":null,"secondsUntilExpiration":0,'
                '"hasExpired":false,"isRevoked":false}]', "nak-a")),
        N(f, sh("curl -s -u \"admin:$HARBOR_PW\" https://harbor.example.com/api/v2.0/robots?q=name%3D~ci | jq '.[] | {id, name, expires_at, disable}'",
                '{\n  "id": 14,\n  "name": "robot$ci-push",\n  "expires_at": -1,\n  "disable": false\n}\n', "nak-b")),
        N(f, sh("curl -s 'http://localhost:7700/tasks?limit=2' -H \"Authorization: Bearer $MEILI_MASTER_KEY\"",
                '{"results":[{"uid":1042,"batchUid":1042,"indexUid":"products","status":"succeeded","type":"documentAdditionOrUpdate",'
                '"details":{"receivedDocuments":500,"indexedDocuments":500},"duration":"PT0.412S","enqueuedAt":"2026-03-12T10:14:01.1Z"}],"total":1042,"limit":2,"from":1042,"next":1041}', "nak-c")),
        N(f, sh("curl -s 'http://localhost:8108/keys' -H \"X-TYPESENSE-API-KEY: ${TYPESENSE_API_KEY}\"",
                '{"keys":[{"actions":["*"],"collections":["*"],"description":"Admin key for importer","expires_at":64723363199,"id":3,"value_prefix":"Xy7q"},'
                '{"actions":["documents:search"],"collections":["products"],"description":"search","expires_at":64723363199,"id":4,"value_prefix":"k2Lm"}]}', "nak-d")),
        N(f, sh("curl -s -u ci-bot https://git.example.org/api/v1/users/ci-bot/tokens", '[{"id":9,"name":"drone","sha1":"","token_last_eight":"'
                + hx("nak5", 8) + '","scopes":["write:repository"]}]', "nak-e", "Enter host password for user 'ci-bot':")),
    ]


def neg_package_repos() -> list:
    f = "d24 neg: poetry, twine, helm, argocd and flux repository settings read from prompts, keyrings and env"
    return [
        N(f, sh("poetry config --list | grep -E 'http-basic|repositories'", 'http-basic.internal.username = "ci-bot"\nhttp-basic.internal.password = null\n'
                'repositories.internal.url = "https://nexus.example.com/repository/pypi-internal/simple/"\n', "npr-a")),
        N(f, sh("twine upload --repository internal dist/*", "Uploading distributions to https://nexus.example.com/repository/pypi-internal/\n"
                "Uploading acme_utils-2.3.0-py3-none-any.whl\n100% ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 14.2/14.2 kB • 00:00 • ?\n"
                "View at:\nhttps://nexus.example.com/#browse/browse:pypi-internal:acme-utils%2F2.3.0\n", "npr-b")),
        N(f, sh("helm repo list", "NAME    \tURL                                  \ninternal\thttps://charts.example.com           \nbitnami \thttps://charts.bitnami.com/bitnami   \n", "npr-c")),
        N(f, sh("argocd repo list", "TYPE  NAME  REPO                                            INSECURE  OCI    LFS    CREDS  STATUS      MESSAGE  PROJECT\n"
                "git         https://git.example.com/platform/gitops.git     false     false  false  true   Successful           default\n", "npr-d")),
        N(f, sh("flux create secret git gitops-auth --url=ssh://git@github.com/acme/fleet --private-key-file=./identity",
                "► deploy key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + gen("d24npr5", 43, ALNUM + "+/") + "\n\n► git secret 'gitops-auth' created in 'flux-system' namespace\n", "npr-e")),
    ]


def neg_keyrings() -> list:
    f = "d24 neg: keyring commands that store or list without printing the secret"
    return [
        N(f, sh("secret-tool store --label='SMTP alerts' service smtp username alerts@example.org", "", "nkr-a")),
        N(f, sh("kwallet-query -l -f 'Passwords' kdewallet", "Nextcloud\nGitLab (work)\nRouter admin\n", "nkr-b")),
        N(f, sh("python -m keyring --list-backends", "keyring.backends.chainer.ChainerBackend (priority: 10)\nkeyring.backends.SecretService.Keyring (priority: 5)\n"
                "keyring.backends.fail.Keyring (priority: 0)\n", "nkr-c")),
        N(f, sh("envchain --list", "aws\ngithub\nopenai\n", "nkr-d")),
        N(f, sh("systemd-creds list", "NAME        SECURE   SIZE PATH\n---------------------------------------------------------\n"
                "db-password secure   41B /run/credentials/app.service/db-password\ntls-key     secure 3.2K /run/credentials/app.service/tls-key\n", "nkr-e")),
    ]


def neg_deep_links() -> list:
    f = "d24 neg: app deep links and client urls with hosts, ports, channels and game ids"
    return [
        N(f, said("post this in the guild discord: ts3server://voice.example.net?port=9987&nickname=guest&channel=Raid — the password is pinned in #officers", "ndl-a")),
        N(f, said("the mumble link doesn't open on linux: mumble://mumble.example.org:64738/Guild/Raid?version=1.2.0&title=Guild", "ndl-b")),
        N(f, sh("xdg-open 'steam://rungameid/730'", "", "ndl-c")),
        N(f, sh("open 'vnc://10.0.0.21:5901'", "", "ndl-d")),
        N(f, sh("gio mount 'smb://fs01.corp.example.com/shared'", "Authentication Required\nEnter user and password for share “shared” on “fs01.corp.example.com”:\n", "ndl-e")),
    ]


def neg_deploy_clis() -> list:
    f = "d24 neg: deploy cli output with deployment ids, inspect urls and project ids"
    return [
        N(f, sh("vercel deploy --prod", "Vercel CLI 37.4.2\n🔍  Inspect: https://vercel.com/acme/web/" + gen("d24ndc1", 28) + " [2s]\n"
                "✅  Production: https://web-" + gen("d24ndc1b", 9).lower() + "-acme.vercel.app [41s]\n", "ndc-a")),
        N(f, sh("netlify deploy --prod --dir=dist --json", '{\n  "site_id": "' + uid("ndc2") + '",\n  "site_name": "acme-docs",\n  "deploy_id": "'
                + hx("ndc2d", 24) + '",\n  "deploy_url": "https://' + hx("ndc2d", 24) + '--acme-docs.netlify.app",\n  "url": "https://acme-docs.netlify.app"\n}\n', "ndc-b")),
        N(f, sh("firebase deploy --only hosting", "\n=== Deploying to 'acme-web-prod'...\n\ni  hosting[acme-web-prod]: found 48 files in build\n"
                "✔  hosting[acme-web-prod]: version finalized\n✔  Deploy complete!\n\nProject Console: https://console.firebase.google.com/project/acme-web-prod/overview\n", "ndc-c")),
        N(f, sh("surge list", "   docs-acme.surge.sh     ci@example.com  Standard   2026-03-12  " + hx("ndc4", 12) + "\n", "ndc-d")),
        N(f, sh("railway status", "Project: shop-api\nEnvironment: production\nService: api\nDeployment: " + uid("ndc5") + " (SUCCESS)\n", "ndc-e")),
    ]


def neg_migrations() -> list:
    f = "d24 neg: migration tool runs with checksums, versions and credentials from files"
    return [
        N(f, sh("mysql --defaults-extra-file=~/.my.migrator.cnf -h db.internal shop < migrations/0042_add_order_index.sql", "", "nem-a")),
        N(f, sh("flyway info", "+-----------+---------+---------------------+------+---------------------+---------+----------+\n"
                "| Category  | Version | Description         | Type | Installed On        | State   | Checksum |\n"
                "+-----------+---------+---------------------+------+---------------------+---------+----------+\n"
                "| Versioned | 41      | add invoice status  | SQL  | 2026-03-01 09:12:44 | Success | 1843927714 |\n"
                "| Versioned | 42      | add order index     | SQL  | 2026-03-12 10:21:09 | Success | -90321477 |\n", "nem-b")),
        N(f, sh("liquibase history", "Liquibase History for jdbc:postgresql://db:5432/app\n\n+---------------+-------------+----------------------+------------------------------------+\n"
                "| Deployment ID | Update Date | Changelog Path       | Changeset Author  | MD5SUM                             |\n"
                f"| 0312102104    | 3/12/26     | db/changelog.xml     | mkovac            | 9:{hx('nem3', 32)} |\n", "nem-c")),
        N(f, sh("sqlcmd -S tcp:sql01,1433 -G -d Payroll -i schema/upgrade_17.sql", "Changed database context to 'Payroll'.\n(3 rows affected)\n", "nem-d")),
        N(f, sh("npx prisma migrate status", "Prisma schema loaded from prisma/schema.prisma\nDatasource \"db\": PostgreSQL database \"app\", schema \"public\" at \"db.example.net:5432\"\n\n"
                "3 migrations found in prisma/migrations\n\nDatabase schema is up to date!\n", "nem-e")),
    ]


def neg_object_storage() -> list:
    f = "d24 neg: object storage listings with etags, version ids and file ids"
    return [
        N(f, sh("mc stat minio-prod/assets/catalog.pdf", "Name      : catalog.pdf\nDate      : 2026-03-11 17:40:02 UTC\nSize      : 1.0 MiB\n"
                f"ETag      : {hx('nos1')}\nType      : file\nMetadata  :\n  Content-Type: application/pdf\nVersionID : {uid('nos1v')}\n", "nos-a")),
        N(f, sh("b2 ls --long b2://acme-backups/db/", f"4_z{hx('nos2', 24)}_f1{hx('nos2b', 15)}_d20260312_m101502_c005_v0501012_t0041_u01773310502000  upload  2026-03-12  10:15:02   48211044  db/2026-03-12.sql.gz\n", "nos-b")),
        N(f, sh("s3cmd info s3://acme-assets/catalog.pdf", "s3://acme-assets/catalog.pdf (object):\n   File size: 1048213\n   Last mod:  Wed, 11 Mar 2026 17:40:02 GMT\n"
                f"   MIME type: application/pdf\n   Storage:   STANDARD\n   MD5 sum:   {hx('nos3')}\n   SSE:       none\n", "nos-c")),
        N(f, sh("aws s3api list-object-versions --bucket acme-assets --prefix catalog.pdf --max-items 1",
                '{\n    "Versions": [\n        {\n            "ETag": "\\"' + hx("nos4") + '\\"",\n            "Size": 1048213,\n            "Key": "catalog.pdf",\n'
                '            "VersionId": "' + gen("d24nos4v", 32, URLSAFE) + '",\n            "IsLatest": true\n        }\n    ]\n}\n', "nos-d")),
        N(f, sh("rclone config show r2", "[r2]\ntype = s3\nprovider = Cloudflare\nenv_auth = true\nendpoint = https://" + hx("os5acct") + ".r2.cloudflarestorage.com\n", "nos-e")),
    ]


def neg_variable_overrides() -> list:
    f = "d24 neg: commands overriding variables with versions, regions, shas and secret references"
    return [
        N(f, sh("ansible-playbook site.yml -i inventories/prod --extra-vars 'app_version=2.4.1 db_password_file=/run/secrets/db' --limit db",
                "PLAY RECAP *********************************************************************\ndb01 : ok=7 changed=1 unreachable=0 failed=0\n", "nvo-a")),
        N(f, sh("helm upgrade --install app ./chart -n shop --set image.tag=1.8.0 --set postgresql.auth.existingSecret=app-db",
                'Release "app" has been upgraded. Happy Helming!\nREVISION: 15\n', "nvo-b")),
        N(f, sh("terraform apply -var region=eu-west-1 -var-file=prod.tfvars -auto-approve", "Apply complete! Resources: 0 added, 1 changed, 0 destroyed.\n\nOutputs:\n\n"
                "admin_password = <sensitive>\nserver_fqdn = \"sql-app.database.windows.net\"\n", "nvo-c")),
        N(f, sh("docker build --secret id=npmrc,src=$HOME/.npmrc --build-arg GIT_SHA=" + sha("d24nvo4", 40) + " -t app:dev .",
                "#9 naming to docker.io/library/app:dev done\n#9 writing image sha256:" + hx("nvo4i", 64) + " done\n", "nvo-d")),
        N(f, sh('packer build -var "image_version=2026.03" -var "winrm_password=${WINRM_PASSWORD}" windows.pkr.hcl',
                "Build 'azure-arm.win2022' finished after 21 minutes 4 seconds.\n\n==> Builds finished. The artifacts of successful builds are:\n"
                "--> azure-arm.win2022: Azure.ResourceManagement.VMImage:\n\nManagedImageId: /subscriptions/" + uid("sub1") + "/resourceGroups/rg-img/providers/Microsoft.Compute/images/win2022-2026.03\n", "nvo-e")),
    ]


def neg_windows_remote() -> list:
    f = "d24 neg: windows remote execution with current credentials, sids and guids"
    return [
        N(f, sh("psexec \\\\fs01 -s cmd /c whoami /user", "\nUSER INFORMATION\n----------------\n\nUser Name           SID\n=================== ========\n"
                "nt authority\\system S-1-5-18\ncmd exited on fs01 with error code 0.\n", "nwr-a")),
        N(f, said("winrs -r:http://app02:5985 \"sc query w3svc\" says 'The WinRM client cannot process the request' — I'm using my domain login, no -p. why?", "nwr-b")),
        N(f, sh("pwsh -c '$c = Get-Credential CORP\\svc_deploy; Invoke-Command -ComputerName app02 -Credential $c { Get-Service W3SVC }'",
                "\nPowerShell credential request\nEnter your credentials.\nPassword for user CORP\\svc_deploy: \n\nStatus   Name     DisplayName                  PSComputerName\n"
                "------   ----     -----------                  --------------\nRunning  W3SVC    World Wide Web Publishing... app02\n", "nwr-c")),
        N(f, sh("wmic /node:ws-114 computersystem get domain,username", "Domain            UserName\ncorp.example.com  CORP\\jdoe\n", "nwr-d")),
        N(f, sh("Get-ADComputer ws-114 | Select Name,ObjectGUID,SID", "Name   ObjectGUID                           SID\n----   ----------                           ---\n"
                f"WS-114 {uid('nwr5')} S-1-5-21-3623811015-3361044348-30300820-1013\n", "nwr-e")),
    ]


def neg_rendered_templates() -> list:
    f = "d24 neg: rendered template output with secret references and checksums"
    return [
        N(f, sh("envsubst < k8s/deploy.tmpl.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\n  annotations:\n"
                f"    checksum/config: {hx('nrt1', 64)}\nspec:\n  template:\n    spec:\n      containers:\n      - name: app\n        image: registry.example.com/app:1.14.2\n"
                "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: app-db\n              key: password\n", "nrt-a")),
        N(f, sh("gomplate -f config.tmpl -d vars=vars/prod.yaml", "listen: :8080\nlog_level: info\ndsn_file: /run/secrets/dsn\n", "nrt-b")),
        N(f, sh("jinja2 templates/pgbouncer.ini.j2 vars/prod.yml", "[databases]\nshop = host=pg-prod.internal port=5432 dbname=shop\n\n[pgbouncer]\n"
                "listen_port = 6432\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\n", "nrt-c")),
        N(f, sh("helm template app ./chart -f values-prod.yaml -s templates/externalsecret.yaml", "---\napiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\n"
                "metadata:\n  name: app-redis\nspec:\n  secretStoreRef:\n    name: vault\n    kind: ClusterSecretStore\n  data:\n  - secretKey: REDIS_URL\n"
                "    remoteRef:\n      key: secret/shop/redis\n      property: url\n", "nrt-d")),
        N(f, sh("docker compose config", "name: shop\nservices:\n  db:\n    environment:\n      POSTGRES_DB: shop\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n"
                "    image: postgres:16.2@sha256:" + hx("nrt5", 64) + "\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt\n", "nrt-e")),
    ]


def neg_api_responses() -> list:
    f = "d24 neg: api responses with request ids, trace ids, etags and pagination cursors"
    cur = b64('{"after":"' + uid("nlr1c") + '","ts":1773310502}').rstrip("=")
    return [
        N(f, sh("curl -si https://api.example.com/v1/orders?limit=2 -H \"Authorization: Bearer $API_TOKEN\"",
                f"HTTP/2 200\ncontent-type: application/json\netag: W/\"{hx('nlr1e', 27)}\"\nx-request-id: {uid('nlr1')}\n\n"
                '{"data":[{"id":"ord_' + gen("d24nlr1o", 14) + '","total":4200}],"next_cursor":"' + cur + '"}', "nlr-a")),
        N(f, sh("curl -s https://api.example.com/graphql -H 'Content-Type: application/json' --data @me.json",
                '{"data":{"me":{"id":"VXNlcjo0NDEy","email":"qa@example.com"}},"extensions":{"traceId":"' + hx("nlr2") + '"}}', "nlr-b")),
        N(f, sh("curl -s -X POST https://api.example.com/v1/auth/login -d @bad.json",
                '{"error":"invalid_credentials","message":"Email or password is incorrect","request_id":"' + uid("nlr3") + '"}', "nlr-c")),
        N(f, sh("curl -s -H 'Content-Type: application/json-rpc' -d @version.json https://zabbix.example.com/api_jsonrpc.php",
                '{"jsonrpc":"2.0","result":"7.0.10","id":1}', "nlr-d")),
        N(f, sh("curl -sI https://cdn.example.com/app.js", f"HTTP/2 200\ncontent-type: application/javascript\netag: \"{hx('nlr5')}\"\n"
                f"x-amz-cf-id: {gen('d24nlr5cf', 52, URLSAFE)}==\nx-cache: Hit from cloudfront\ntraceparent: 00-{hx('nlr5t')}-{hx('nlr5s', 16)}-01\n", "nlr-e")),
    ]


def neg_smtp() -> list:
    f = "d24 neg: smtp sessions with capabilities, queue ids, message ids and dkim signatures"
    return [
        N(f, sh("swaks --to ops@example.org --server smtp.example.org:25 --quit-after EHLO",
                "=== Trying smtp.example.org:25...\n=== Connected to smtp.example.org.\n<-  220 smtp.example.org ESMTP Postfix\n -> EHLO dev-laptop\n"
                "<-  250-smtp.example.org\n<-  250-PIPELINING\n<-  250-SIZE 52428800\n<-  250-STARTTLS\n<-  250-AUTH PLAIN LOGIN\n<-  250 CHUNKING\n -> QUIT\n<-  221 2.0.0 Bye\n", "nsm-a")),
        N(f, sh("swaks --to ops@example.org --server smtp.example.org:587 --tls --auth-user alerts@example.org --auth-password \"$(pass show smtp/alerts)\" --hide-all --silent 1",
                f"<-  250 2.0.0 Ok: queued as {gen('d24nsm2', 11, UPPER)}\n", "nsm-b")),
        N(f, said("the relay rejects RCPT after EHLO, here's the openssl s_client session (no auth yet):\n\nEHLO test\n250-mail.example.com\n"
                  "250-AUTH PLAIN LOGIN\nMAIL FROM:<relay@example.com>\n530 5.7.0 Authentication required", "nsm-c")),
        N(f, sh("grep " + gen("d24nsm4", 11, UPPER) + " /var/log/mail.log",
                f"Mar 12 10:44:02 mx1 postfix/qmgr[812]: {gen('d24nsm4', 11, UPPER)}: from=<alerts@example.org>, size=4211, nrcpt=1 (queue active)\n"
                f"Mar 12 10:44:03 mx1 postfix/smtp[9921]: {gen('d24nsm4', 11, UPPER)}: to=<ops@example.org>, relay=aspmx.l.google.com[142.250.102.27]:25, delay=1.2, status=sent (250 2.0.0 OK 1773312243 {gen('d24nsm4g', 20)} - gsmtp)\n", "nsm-d")),
        N(f, read_ev("/home/dev/inbox/report.eml",
                     "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=example.org; s=mail2026; t=1773312243;\n\tbh=" + gen("d24nsm5bh", 43, ALNUM + "+/")
                     + "=;\n\th=From:To:Subject:Date;\n\tb=" + gen("d24nsm5b", 172, ALNUM + "+/") + "==\nMessage-ID: <" + uid("nsm5") + "@example.org>\n"
                     "From: alerts@example.org\nSubject: nightly report\n\nAll 14 jobs succeeded.\n", "nsm-e")),
    ]


def neg_markup_tables() -> list:
    f = "d24 neg: rst, org-mode and asciidoc tables of services, ports, versions and where secrets live"
    return [
        N(f, read_ev("/home/dev/ops/runbook/access-2.rst",
                     "+-------------+-----------+------------------------------+\n| Service     | User      | Password                     |\n"
                     "+=============+===========+==============================+\n| pgAdmin     | ops       | vault: secret/ops/pgadmin    |\n"
                     "+-------------+-----------+------------------------------+\n| RabbitMQ UI | SSO       | n/a                          |\n+-------------+-----------+------------------------------+\n", "nmt-a")),
        N(f, read_line(".. list-table:: Service ports\n   :header-rows: 1\n\n   * - Service\n     - Port\n     - Version\n   * - Keycloak\n     - 8443\n"
                       "     - 24.0.2\n   * - Kibana\n     - 5601\n     - 8.13.0", "nmt-b", 12)),
        N(f, read_ev("/home/dev/notes/infra-2.org",
                     "* Lab hosts\n| host  | ip         | mac               | serial       |\n|-------+------------+-------------------+--------------|\n"
                     "| pve01 | 10.0.10.11 | 3c:ec:ef:12:9a:41 | CZ2134X0QK   |\n| nas01 | 10.0.10.20 | 00:11:32:ab:cd:ef | 2150QRB8ZK12 |\n", "nmt-c")),
        N(f, write_ev("/home/dev/docs/modules/ops/pages/credentials-2.adoc",
                      "= Test credentials\n\nNEVER write passwords in this page.\n\n|===\n| Environment | Login via | Secret path\n\n| qa\n| SSO\n| -\n\n| uat\n| local user\n"
                      "| `secret/uat/admin`\n|===\n", "nmt-d")),
        N(f, read_ev("/home/dev/ops/runbook/smtp-2.rst",
                     ".. csv-table:: Mail relays\n   :header: \"Relay\", \"Port\", \"TLS\", \"Credential\"\n\n"
                     "   \"smtp-a.example.net\", 587, \"STARTTLS\", \"``SMTP_A_PASSWORD`` env\"\n   \"smtp-b.example.net\", 465, \"implicit\", \"``SMTP_B_PASSWORD`` env\"\n", "nmt-e")),
    ]


def neg_file_transfer() -> list:
    f = "d24 neg: file transfer sessions with key authentication and host key fingerprints"
    return [
        N(f, sh(f'winscp.com /ini=nul /command "open sftp://upload@files.example.com/ -privatekey=C:\\keys\\upload.ppk -hostkey=""ssh-ed25519 255 {gen("d24nft1", 43, ALNUM + "+/")}""" "exit"',
                "Searching for host...\nConnecting to host...\nAuthenticating...\nUsing username \"upload\".\nAuthenticating with public key \"upload@ci\".\nAuthenticated.\n", "nft-a")),
        N(f, sh("duck --username deploy --identity ~/.ssh/id_ed25519 --list sftp://files.example.com/var/www/site/", "index.html\nassets/\n", "nft-b")),
        N(f, sh("ssh-keyscan -t ed25519 sftp.example.net | ssh-keygen -lf -", "# sftp.example.net:22 SSH-2.0-OpenSSH_9.6\n256 SHA256:"
                + gen("d24nft3", 43, ALNUM + "+/") + " sftp.example.net (ED25519)\n", "nft-c")),
        N(f, sh("lftp -e 'set sftp:connect-program \"ssh -a -x -i ~/.ssh/mirror\"; mirror -R site/ /htdocs; quit' sftp://mirror@mirror.example.org",
                "Total: 14 directories, 212 files, 0 symlinks\nModified: 9 files, 0 symlinks\n", "nft-d")),
        N(f, sh("sshfs backup@nas.example.lan:/volume1/backup /mnt/nas -o IdentityFile=~/.ssh/nas_backup && df -h /mnt/nas",
                "Filesystem                                  Size  Used Avail Use% Mounted on\nbackup@nas.example.lan:/volume1/backup      7.3T  4.1T  3.2T  57% /mnt/nas\n", "nft-e")),
    ]


def neg_helpdesk() -> list:
    f = "d24 neg: helpdesk ticket threads in hungarian, slovene, serbian, finnish and dutch without a password"
    return [
        N(f, said("Segíts válaszolni:\n\nJegy #48214\nÜgyfél: Nem tudok belépni, a jelszó-visszaállító levél nem érkezik meg.\nÜgyintéző: Kérjük, soha ne küldje el a jelszavát. "
                  "A fiók azonosítója: " + uid("nhd1") + ".", "nhd-a")),
        N(f, read_ev("/home/dev/support/export/ticket-7782.txt",
                     "Zahtevek #7782\n[2026-03-03 10:02] Stranka: Geslo sem pozabila, prosim za ponastavitev.\n[2026-03-03 10:40] Podpora: Poslali smo povezavo za "
                     "ponastavitev na vaš e-naslov. Številka zahtevka: SR-0303-7782.\n", "nhd-b")),
        N(f, said("Korisnik piše u tiketu #3391: \"VPN javlja grešku 691 iako sam promenila lozinku juče.\" Kako da proverim u RADIUS logovima? "
                  "Session-Id: " + hx("nhd3", 16) + ".", "nhd-c")),
        N(f, read_line("Tiketti #20932\nAsiakas: En pääse kirjautumaan, salasana vanheni eilen.\nTukihenkilö: Vaihda salasana osoitteessa "
                       "https://salasana.example.fi. Tikettinumero 20932.", "nhd-d")),
        N(f, said("Kun je dit ticket samenvatten?\n\nTicket 55103\nKlant: Mijn wachtwoord wordt niet geaccepteerd na de update.\nAgent: We hebben "
                  "MFA opnieuw ingesteld; trace-id " + hx("nhd5") + ".", "nhd-e")),
    ]


def neg_meeting_transcripts() -> list:
    f = "d24 neg: meeting transcripts and call chat logs about rotating passwords without one"
    return [
        N(f, read_ev("/home/dev/meetings/2026-03-06-standup.vtt",
                     "WEBVTT\n\n00:12:28.500 --> 00:12:31.040\n<v Ana Ruiz>For the demo you need the staging admin.\n\n00:12:31.040 --> 00:12:35.200\n"
                     "<v Ana Ruiz>I'll share the password in the vault, not on the call.\n", "nmtr-a")),
        N(f, said("extract decisions:\n\n10:40:12 From  Ana Ruiz  to  Everyone:\n\tboard: https://jira.example.com/secure/RapidBoard.jspa?rapidView=412\n"
                  "10:41:05 From  Ben Ito  to  Everyone:\n\tapi key rotation is ticket SEC-1182, due friday", "nmtr-b")),
        N(f, read_line("Speaker 2  04:13\nWe should rotate the shared mailbox password every 90 days.\n\nSpeaker 1  04:20\nOr move it to SSO and drop it.", "nmtr-c", 58)),
        N(f, read_ev("/home/dev/training/onboarding-part3.srt",
                     "44\n00:03:18,000 --> 00:03:21,400\nyour first password is sent by SMS\n\n45\n00:03:21,500 --> 00:03:24,900\n"
                     "and you must change it at first login\n", "nmtr-d")),
        N(f, said("clean up this teams chat:\n\n[10:02] Chen Wei: morning\n[10:05] Chen Wei: migration job is build #4471, commit " + sha("d24nmtr5", 12) + "\n"
                  "[10:30] Lea Brandt: done, 412 jobs moved", "nmtr-e")),
    ]


def neg_terminal_recordings() -> list:
    f = "d24 neg: terminal recordings where passwords are typed at a silent prompt"
    return [
        N(f, read_ev("/home/dev/casts/setup-doctl-2.cast",
                     '{"version": 2, "width": 120, "height": 32, "timestamp": 1773312000, "env": {"SHELL": "/bin/zsh", "TERM": "xterm-256color"}}\n'
                     '[0.412, "o", "$ "]\n[1.930, "o", "doctl auth init\\r\\n"]\n[2.101, "o", "Please authenticate doctl for use with your DigitalOcean account. '
                     'You can generate a token in the control panel at https://cloud.digitalocean.com/account/api/tokens\\r\\n\\r\\nEnter your access token: "]\n'
                     '[9.220, "o", "●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●●\\r\\nValidating token... ✔\\r\\n"]\n', "ntr-a")),
        N(f, read_ev("/home/dev/typescript-2",
                     'Script started on 2026-03-04 10:22:11+00:00 [TERM="xterm-256color" TTY="/dev/pts/3"]\n$ mysql -uroot -p -e \'show databases\'\nEnter password: \n'
                     "+--------------------+\n| Database           |\n+--------------------+\n| shop               |\n+--------------------+\n", "ntr-b")),
        N(f, sh("tmux capture-pane -p -S -20 -t ops:2", "deploy@bastion:~$ vault login -method=oidc\nComplete the login via your OIDC provider.\n"
                "Success! You are now authenticated.\ntoken_accessor       " + gen("d24ntr3", 24) + "\ntoken_duration       8h\ntoken_policies       [\"default\" \"ops\"]\n", "ntr-c")),
        N(f, said("asciinema of the failing session:\n\n"
                  '[5.01, "o", "$ redis-cli -h cache.internal --askpass ping\\r\\nPlease input password: "]\n'
                  '[7.62, "o", "\\r\\n(error) WRONGPASS invalid username-password pair or user is disabled.\\r\\n"]', "ntr-d")),
        N(f, read_line("Script started on 2026-02-20 16:40:02+01:00\n[ops@jump ~]$ ldapwhoami -x -H ldaps://ldap.example.org -D uid=svc-sync,ou=svc,dc=example,dc=org -W\n"
                       "Enter LDAP Password: \ndn:uid=svc-sync,ou=svc,dc=example,dc=org", "ntr-e")),
    ]


def neg_stdin_pipes() -> list:
    f = "d24 neg: stdin-reading commands fed from files, password managers and prompts"
    return [
        N(f, sh("sudo -S systemctl restart nginx < /dev/tty", "", "nsp-a", "[sudo] password for deploy: ")),
        N(f, sh("cat ~/.config/ghcr-token | docker login ghcr.io -u octo-ci --password-stdin", "Login Succeeded\n", "nsp-b")),
        N(f, sh("pass show work/vpn | head -1 | sudo openconnect --user=jdoe --passwd-on-stdin vpn.example.com",
                "Connected to 198.51.100.7:443\nConfigured as 10.8.0.44, with SSL connected and DTLS in progress\n", "nsp-c")),
        N(f, sh("openssl rand -base64 18 | tee >(sudo passwd --stdin svc_reports >/dev/null) | wc -c", "25\n", "nsp-d")),
        N(f, sh("kinit -k -t /etc/krb5.keytab HTTP/web01.corp.example.com && klist", "Ticket cache: KCM:0\nDefault principal: HTTP/web01.corp.example.com@CORP.EXAMPLE.COM\n\n"
                "Valid starting     Expires            Service principal\n03/12/26 10:51:02  03/12/26 20:51:02  krbtgt/CORP.EXAMPLE.COM@CORP.EXAMPLE.COM\n", "nsp-e")),
    ]


def neg_platform_logins() -> list:
    f = "d24 neg: platform logins through sso, one-time passcodes and env, with org and space guids"
    return [
        N(f, sh("cf login -a https://api.sys.example.com --sso", "API endpoint: https://api.sys.example.com\n\nTemporary Authentication Code ( Get one at https://login.sys.example.com/passcode ): \n"
                "Authenticating...\nOK\n\nTargeted org acme (" + uid("npl1o") + ")\nTargeted space dev (" + uid("npl1s") + ")\n", "npl-a")),
        N(f, sh("oc login --web https://api.ocp.example.com:6443", "Opening login URL in the default browser: https://oauth-openshift.apps.ocp.example.com/oauth/authorize?client_id=openshift-cli-client&code_challenge="
                + gen("d24npl2", 43, URLSAFE) + "&code_challenge_method=S256&redirect_uri=http%3A%2F%2F127.0.0.1%3A41817%2Fcallback&response_type=code\nLogin successful.\n", "npl-b")),
        N(f, sh("ibmcloud login --sso -r eu-de", "API endpoint: https://cloud.ibm.com\n\nGet a one-time code from https://identity-1.eu-central.iam.cloud.ibm.com/identity/passcode to proceed.\n"
                "Open the URL in the default browser? [Y/n] > \nOne-time code > \nAuthenticating...\nOK\n", "npl-c")),
        N(f, sh("kubectl config view --minify -o jsonpath='{.users[0]}'", '{"name":"ci-deployer","user":{"token":"REDACTED"}}', "npl-d")),
        N(f, sh("az account show", '{\n  "environmentName": "AzureCloud",\n  "id": "' + uid("sub1") + '",\n  "name": "Production",\n  "tenantId": "' + uid("ten") + '",\n'
                '  "user": {\n    "name": "' + uid("pl5app") + '",\n    "type": "servicePrincipal"\n  }\n}\n', "npl-e")),
    ]


def neg_prompts_small_europe() -> list:
    f = "d24 neg: prompts in basque, maltese, faroese, luxembourgish and yiddish without a secret"
    return [
        N(f, said("Kaixo! Pasahitza ingurune-aldagaietan gorde nahi dut, ez kodean. Nola irakurri DB_PASSWORD Node.js-en dotenv gabe? "
                  "Bertsioa: node 22.11.0.", "neu-a")),
        N(f, said("Bonġu, il-password tal-admin għandha tinbidel kull 90 jum. Tista' tikteb cron job li jibgħat reminder? "
                  "L-ID tas-sit huwa " + uid("nmt2") + ".", "nmlt-a")),
        N(f, said("Hey, loyniorðið til testservaran liggur í Bitwarden. Kanst tú broyta CI-ið, so at tað verður lisið úr TEST_DB_PASSWORD?", "nfo-a")),
        N(f, said("Moien, wéi kann ech d'SMTP-Passwuert an engem Kubernetes Secret späicheren amplaz an der config.yaml? Mäin Namespace ass mail-prod.", "nlb-a")),
        N(f, said("שלום, ווי אַזוי האַלט מען אַן API שליסל אין אַן environment variable און נישט אין קאָד? דער פּראָיעקט ניצט Python 3.12.", "nyi-a")),
    ]


def neg_vertical_records() -> list:
    f = "d24 neg: vertical record output with ids, key prefixes, timestamps and hashes"
    return [
        N(f, sh("psql -d app -x -c \"select id, provider, key_prefix, last_used_at from integrations where provider = 'sendgrid'\"",
                "-[ RECORD 1 ]+------------------------------\nid           | 7\nprovider     | sendgrid\nkey_prefix   | SG.\nlast_used_at | 2026-03-12 08:44:10.5512+00\n", "nvr-a")),
        N(f, sh("mysql -e 'select id, username, homedir, quota from ftp_accounts\\G' hosting",
                "*************************** 1. row ***************************\n      id: 3\nusername: ftp_backup\n homedir: /srv/backup\n   quota: 50G\n", "nvr-b")),
        N(f, sh("sqlite3 -line data/app.db 'select id, provider, domain, updated_at from mail_providers'",
                "        id = 1\n  provider = mailgun\n    domain = mg.example.com\nupdated_at = 2026-03-10 09:12:00\n", "nvr-c")),
        N(f, sh("clickhouse-client -q \"SELECT name, engine, uuid FROM system.tables WHERE database = 'orders' FORMAT Vertical\"",
                f"Row 1:\n──────\nname:   events\nengine: ReplicatedMergeTree\nuuid:   {uid('nvr4')}\n", "nvr-d")),
        N(f, sh("redis-cli -n 2 HGETALL integration:stripe:meta", f'1) "mode"\n2) "live"\n3) "last_event"\n4) "evt_1Q{gen("d24nvr5", 22)}"\n'
                f'5) "payload_sha256"\n6) "{hx("nvr5s", 64)}"\n', "nvr-e")),
    ]


def neg_alias_listings() -> list:
    f = "d24 neg: shell alias, function and declare listings that read credentials at run time"
    return [
        N(f, sh("alias | grep prod", "alias prodlogs='ssh ops@prod-app01 journalctl -fu app'\nalias prodsql='mysql --login-path=prod shop'\n", "nal-a")),
        N(f, sh("type deploy_stage", "deploy_stage is a function\ndeploy_stage () \n{ \n    curl -fsS -u \"admin:$(pass show ci/jenkins)\" -X POST "
                "\"https://ci.example.com/job/stage/buildWithParameters?REF=$1\"\n}\n", "nal-b")),
        N(f, sh("declare -p | grep -E 'TOKEN|SHA'", 'declare -- TOKEN_TTL="3600"\ndeclare -x GIT_SHA="' + sha("d24nal3") + '"\ndeclare -x GITLAB_TOKEN_FILE="/run/secrets/gitlab"\n', "nal-c")),
        N(f, sh("functions gh-mirror", "# Defined in /home/dev/.config/fish/functions/gh-mirror.fish @ line 1\nfunction gh-mirror\n"
                "    git push --mirror git@github.com:acme/$argv[1].git\nend\n", "nal-d")),
        N(f, sh("pwsh -NoProfile -c 'Get-Content $PROFILE'", "Set-Alias k kubectl\n$env:OPENAI_API_KEY = (Get-Secret -Name OpenAI -AsPlainText)\nImport-Module posh-git\n", "nal-e")),
    ]


def cases() -> list:
    out = []
    for family in (
        prompts_north_south_europe,
        prompts_asia,
        prompts_indic,
        code_switched,
        emails_africa_balkans,
        handover_notes,
        chat_exports,
        postmortems,
        xtrace,
        dry_runs,
        odbc_clis,
        key_creation,
        admin_api_keys,
        package_repo_logins,
        keyrings,
        deep_links,
        deploy_clis,
        env_prefixed_migrations,
        object_storage,
        variable_overrides,
        windows_remote,
        rendered_templates,
        login_responses,
        smtp_sessions,
        markup_tables,
        file_transfer,
        helpdesk_threads,
        meeting_transcripts,
        terminal_recordings,
        stdin_pipes,
        platform_logins,
        prompts_small_europe,
        vertical_records,
        alias_listings,
        neg_prompts_north_south_europe,
        neg_prompts_asia,
        neg_prompts_indic,
        neg_code_switched,
        neg_emails,
        neg_handover,
        neg_chat_exports,
        neg_postmortems,
        neg_xtrace,
        neg_dry_runs,
        neg_odbc,
        neg_key_listings,
        neg_admin_api_keys,
        neg_package_repos,
        neg_keyrings,
        neg_deep_links,
        neg_deploy_clis,
        neg_migrations,
        neg_object_storage,
        neg_variable_overrides,
        neg_windows_remote,
        neg_rendered_templates,
        neg_api_responses,
        neg_smtp,
        neg_markup_tables,
        neg_file_transfer,
        neg_helpdesk,
        neg_meeting_transcripts,
        neg_terminal_recordings,
        neg_stdin_pipes,
        neg_platform_logins,
        neg_prompts_small_europe,
        neg_vertical_records,
        neg_alias_listings,
    ):
        out += family()
    return out
