# ruff: noqa: RUF001
"""Words for the facts people state about themselves in Spanish, Portuguese, French,
Italian, German and Dutch (and a few in Hindi in Latin letters), each with its English word.

The readers in :mod:`amplify_memory.memory.foreign_statements` store every fact in
English, so that it merges with and supersedes the facts said in English. Each table
maps an English word to the words that say it ("|" between them); both genders and the
plural are listed where a language has them. A word is also found without its accents
("ingles", "medico"), since people type without them.

>>> JOBS["enfermeira"], JOBS["lehrerin"], LANGUAGES["ingles"]
('nurse', 'teacher', 'English')
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

__all__ = [
    "ALLERGENS",
    "DIETS",
    "FOODS",
    "JOBS",
    "KIN",
    "LANGUAGES",
    "NOT_EMPLOYERS",
    "NUMBERS",
    "PETS",
    "PLAYED",
    "SUBJECTS",
    "WORKPLACES",
    "alternation",
    "fold",
    "plain",
]


#: Letters with no accent to take off: "ł" is an "l" with a stroke, not "l" and a mark.
_UNDECOMPOSED: Final = str.maketrans({"ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i"})


def plain(word: str) -> str:
    """``word`` case-folded, without accents and with single spaces: the key of a table."""
    folded = word.casefold().replace("\u2019", "'").translate(_UNDECOMPOSED)
    decomposed = unicodedata.normalize("NFKD", folded)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def _table(english: dict[str, str]) -> dict[str, str]:
    """{foreign word (plain): English} from {English: "word|word|..."}."""
    return {plain(w): en for en, said in english.items() for w in said.split("|")}


def _folding() -> dict[int, str]:
    """Each accented Latin letter to its letter without the accent, one for one, case
    kept ("ã": "a", "Ç": "C", "ł": "l"); "ß" stays."""
    table = {}
    for code in range(0xC0, 0x250):
        letters = [
            c for c in unicodedata.normalize("NFKD", chr(code)) if not unicodedata.combining(c)
        ]
        if len(letters) == 1 and letters[0].isascii() and letters[0].isalpha():
            table[code] = letters[0]
    return table | {ord(a): b for a, b in zip("łŁøØıđĐ", "lLoOidD", strict=True)}


_FOLDING: Final = _folding()


def fold(text: str) -> str:
    """``text`` with its accented letters written without the accent, letter for letter (the
    same length: a match in it is a match in ``text`` at the same place)."""
    return text.translate(_FOLDING)


def alternation(table: dict[str, str]) -> str:
    """A regular expression's alternation of a table's words, longest first, to be matched
    on :func:`fold`-ed text (the words are written without accents; "ss" also finds "ß")."""

    def letters(word: str) -> str:
        said = re.escape(word).replace(r"\ ", r"\s+").replace("'", "['\u2019]")
        return said.replace("ss", "(?:ss|ß)")

    return "|".join(letters(w) for w in sorted(table, key=len, reverse=True))


#: Jobs and roles. A role said in English ("sou designer", "ich bin Data Engineer") is read
#: by the English list of roles instead.
JOBS: Final = _table(
    {
        "teacher": "profesor|profesora|profe|maestro|maestra|docente|professor|professora|"
        "professeur|professeure|prof|enseignant|enseignante|instituteur|institutrice|lehrer|"
        "lehrerin|insegnante|professoressa|leraar|lerares|docent|nauczyciel|nauczycielka|"
        "nauczycielem",
        "nurse": "enfermero|enfermera|enfermeiro|enfermeira|infirmier|infirmiere|krankenpfleger|"
        "krankenschwester|pflegefachkraft|gesundheits- und krankenpflegerin|infermiere|"
        "infermiera|verpleegkundige|verpleger|verpleegster|pielegniarka",
        "obstetric nurse": "enfermeira obstetra|enfermera obstetrica",
        "doctor": "medico|medica|medecin|arzt|arztin|arts|dokter|huisarts|lekarz|lekarzem",
        "carer": "cuidador|cuidadora|aide-soignant|aide-soignante|pfleger|pflegerin|altenpfleger|"
        "altenpflegerin|badante|oss|verzorgende|verzorger|opiekunka",
        "electrician": "electricista|eletricista|electricien|electricienne|elektriker|"
        "elektrikerin|elettricista|elektricien|elektryk|elektrykiem",
        "carpenter": "carpintero|carpintera|carpinteiro|menuisier|menuisiere|charpentier|tischler|"
        "tischlerin|schreiner|schreinerin|zimmermann|falegname|timmerman|stolarz|stolarzem",
        "plumber": "fontanero|fontanera|plomero|encanador|canalizador|plombier|klempner|"
        "installateur|sanitarinstallateur|idraulico|loodgieter|hydraulik",
        "mechanic": "mecanico|mecanica|mecanicien|mecanicienne|mechaniker|mechanikerin|"
        "kfz-mechatroniker|meccanico|monteur|automonteur|mechanik",
        "engineer": "ingeniero|ingeniera|engenheiro|engenheira|ingenieur|ingenieure|ingenieurin|"
        "ingegnere|inzynier",
        "mechanical engineer": "ingeniero mecanico|engenheiro mecanico|ingenieur mecanicien|"
        "maschinenbauingenieur|maschinenbauingenieurin|ingegnere meccanico|"
        "werktuigbouwkundig ingenieur",
        "software developer": "desarrollador|desarrolladora|programador|programadora|"
        "desenvolvedor|desenvolvedora|developpeur|developpeuse|entwickler|entwicklerin|"
        "softwareentwickler|softwareentwicklerin|programmierer|programmiererin|sviluppatore|"
        "sviluppatrice|programmatore|programmatrice|ontwikkelaar|programmeur|programista|"
        "programistka",
        "IT technician": "informatico|informatica|informaticien|informaticienne|informatiker|"
        "informatikerin|informatyk|informatykiem",
        "graphic designer": "disenador grafico|disenadora grafica|designer grafico|"
        "designer grafica|graphiste|grafikdesigner|grafikdesignerin|grafisch ontwerper|"
        "grafisch ontwerpster",
        "UX designer": "disenador ux|disenadora ux|designer ux|ux-designer|ux-designerin",
        "designer": "disenador|disenadora|designer|designerin|ontwerper|projektant",
        "florist": "florista|fleuriste|florist|floristin|bloemist|kwiaciarka|kwiaciarz",
        "lawyer": "abogado|abogada|advogado|advogada|avocat|avocate|anwalt|anwaltin|rechtsanwalt|"
        "rechtsanwaltin|avvocato|avvocata|advocaat|prawnik|prawnikiem|adwokat",
        "accountant": "contador|contadora|contable|contabilista|comptable|buchhalter|buchhalterin|"
        "contabile|ragioniere|ragioniera|accountant|ksiegowy|ksiegowa|ksiegowym",
        "bookkeeper": "tenedor de libros|boekhouder|boekhoudster",
        "tax advisor": "asesor fiscal|asesora fiscal|steuerberater|steuerberaterin|"
        "commercialista|conseiller fiscal|belastingadviseur",
        "cook": "cocinero|cocinera|cozinheiro|cozinheira|cuisinier|cuisiniere|koch|kochin|cuoco|"
        "cuoca|kok|kucharz",
        "chef": "jefe de cocina|chef de cuisine|chefkoch|chefkochin|chef",
        "baker": "panadero|panadera|padeiro|padeira|boulanger|boulangere|backer|backerin|fornaio|"
        "fornaia|panettiere|panettiera|bakker|piekarz",
        "pastry chef": "pastelero|pastelera|confeiteiro|confeiteira|patissier|patissiere|"
        "konditor|konditorin|pasticcere|pasticciere|pasticcera|banketbakker|cukiernik",
        "physiotherapist": "fisioterapeuta|kine|kinesitherapeute|kinesi|physiotherapeut|"
        "physiotherapeutin|fisioterapista|fysiotherapeut|fysio|fizjoterapeuta|fizjoterapeutka",
        "pharmacist": "farmaceutico|farmaceutica|pharmacien|pharmacienne|apotheker|apothekerin|"
        "farmacista|farmaceuta|farmaceutka",
        "student": "estudiante|estudante|etudiant|etudiante|student|studentin|studente|"
        "studentessa|studentka|universitario|universitaria",
        "farmer": "agricultor|agricultora|granjero|granjera|campesino|campesina|agriculteur|"
        "agricultrice|fermier|fermiere|landwirt|landwirtin|bauer|bauerin|agricoltore|"
        "agricoltrice|contadino|contadina|boer|boerin|rolnik|rolnikiem",
        "driver": "conductor|conductora|chofer|camionero|camionera|motorista|caminhoneiro|"
        "chauffeur|chauffeuse|routier|fahrer|fahrerin|lkw-fahrer|berufskraftfahrer|autista|"
        "camionista|vrachtwagenchauffeur|kierowca",
        "translator": "traductor|traductora|tradutor|tradutora|traducteur|traductrice|"
        "ubersetzer|ubersetzerin|traduttore|traduttrice|vertaler|tlumacz|tlumaczem|tlumaczka",
        "midwife": "matrona|partera|parteira|sage-femme|hebamme|ostetrica|verloskundige|"
        "vroedvrouw|polozna",
        "architect": "arquitecto|arquitecta|arquiteto|arquiteta|architecte|architekt|"
        "architektin|architetto|architetta|architect",
        "photographer": "fotografo|fotografa|photographe|fotograf|fotografin|fotograaf",
        "musician": "musico|musica|musicien|musicienne|musiker|musikerin|musicista|muzikant|muzyk",
        "journalist": "periodista|jornalista|journaliste|journalist|journalistin|giornalista|"
        "dziennikarz|dziennikarka",
        "hairdresser": "peluquero|peluquera|cabeleireiro|cabeleireira|coiffeur|coiffeuse|"
        "friseur|friseurin|friseuse|parrucchiere|parrucchiera|kapper|fryzjer|fryzjerka",
        "police officer": "policia|policial|policier|policiere|polizist|polizistin|poliziotto|"
        "poliziotta|politieagent|policjant",
        "project manager": "chef de projet|cheffe de projet|jefe de proyecto|jefa de proyecto|"
        "gerente de proyecto|gestor de projetos|gestora de projetos|gerente de projetos|"
        "projektleiter|projektleiterin|projektmanager|projektmanagerin|capo progetto|"
        "project manager|projectleider|projectmanager",
        "estate agent": "agent immobilier|agente inmobiliario|agente inmobiliaria|"
        "corretor de imoveis|corretora de imoveis|immobilienmakler|immobilienmaklerin|makler|"
        "maklerin|agente immobiliare|makelaar",
        "security guard": "agent de securite|guardia de seguridad|vigilante de seguridad|"
        "vigilante|seguranca|sicherheitsmann|wachmann|guardia giurata|beveiliger",
        "firefighter": "bombero|bombera|bombeiro|bombeira|pompier|feuerwehrmann|feuerwehrfrau|"
        "vigile del fuoco|pompiere|brandweerman|brandweervrouw|strazak",
        "vet": "veterinario|veterinaria|veterinaire|tierarzt|tierarztin|dierenarts|weterynarz",
        "dentist": "dentista|dentiste|zahnarzt|zahnarztin|tandarts|dentysta",
        "psychologist": "psicologo|psicologa|psychologue|psychologe|psychologin|psycholoog|"
        "psycholog",
        "social worker": "trabajador social|trabajadora social|assistente social|"
        "assistant social|assistante sociale|sozialarbeiter|sozialarbeiterin|"
        "assistente sociale|maatschappelijk werker",
        "nutritionist": "nutricionista|nutritionniste|dieteticien|dieteticienne|"
        "ernahrungsberater|ernahrungsberaterin|nutrizionista|dietista|dietist|dietetyk|"
        "dietetykiem",
        "tour guide": "guia turistico|guia turistica|guide touristique|guide|reisefuhrer|"
        "reisefuhrerin|fremdenfuhrer|fremdenfuhrerin|reiseleiter|reiseleiterin|"
        "guida turistica|reisleider|gids",
        "sommelier": "sumiller|sommelier|sommeliere|sommelière",
        "land surveyor": "topografo|topografa|agrimensor|geometre|geometre-topographe|"
        "vermessungsingenieur|geometra|landmeter|geodeta",
        "waiter": "camarero|camarera|mesero|mesera|garcom|garconete|serveur|serveuse|kellner|"
        "kellnerin|cameriere|cameriera|ober|serveerster|kelner",
        "cashier": "cajero|cajera|caixa|caissier|caissiere|kassierer|kassiererin|cassiere|"
        "cassiera|kassier|kasjer",
        "secretary": "secretario|secretaria|secretaire|sekretar|sekretarin|segretario|segretaria|"
        "secretaresse|sekretarka",
        "buyer": "comprador|compradora|acheteur|acheteuse|einkaufer|einkauferin|buyer|inkoper",
        "team lead": "jefe de equipo|jefa de equipo|lider de equipo|lider de equipe|"
        "chef d'equipe|teamleiter|teamleiterin|teamleader|caposquadra|teamleider",
        "manager": "gerente|gestor|gestora|gerant|gerante|geschaftsfuhrer|"
        "geschaftsfuhrerin|leiter|leiterin|direttore|direttrice|"
        "bedrijfsleider|kierownik|kierowniczka",
        "tester": "testerin|probador|tester",
        "freelancer": "autonomo|autonoma|freelance|freelancer|autonomo|independiente|"
        "independant|independante|auto-entrepreneur|freiberufler|freiberuflerin|"
        "selbststandig|libero professionista|zzp'er|zelfstandige",
        "retired": "jubilado|jubilada|aposentado|aposentada|reformado|reformada|retraite|"
        "retraitee|rentner|rentnerin|pensionar|pensionarin|pensionato|pensionata|"
        "gepensioneerd|emeryt|emerytka|in rente|in pension|im ruhestand|in pensione|"
        "a la retraite|en retraite|met pensioen|na emeryturze",
        "salesperson": "vendedor|vendedora|vendeur|vendeuse|verkaufer|verkauferin|venditore|"
        "venditrice|commesso|commessa|verkoper|verkoopster|sprzedawca",
        "researcher": "investigador|investigadora|pesquisador|pesquisadora|chercheur|chercheuse|"
        "forscher|forscherin|ricercatore|ricercatrice|onderzoeker|naukowiec",
        "cleaner": "limpiador|limpiadora|faxineira|diarista|femme de menage|reinigungskraft|"
        "putzfrau|addetta alle pulizie|schoonmaker|schoonmaakster|sprzataczka",
        "butcher": "carnicero|carnicera|acougueiro|boucher|bouchere|metzger|metzgerin|"
        "fleischer|macellaio|macellaia|slager|rzeznik",
        "gardener": "jardinero|jardinera|jardineiro|jardineira|jardinier|jardiniere|gartner|"
        "gartnerin|giardiniere|giardiniera|tuinman|tuinier|ogrodnik",
        "writer": "escritor|escritora|ecrivain|ecrivaine|schriftsteller|schriftstellerin|autor|"
        "autorin|scrittore|scrittrice|schrijver|schrijfster|pisarz|pisarka",
        "librarian": "bibliotecario|bibliotecaria|bibliothecaire|bibliothekar|bibliothekarin|"
        "bibliothecaris",
        "video editor": "editor de video|editora de video|monteur video|monteuse video|cutter|"
        "cutterin|montatore|montatrice|videoeditor|montazysta|montazystka",
        "data engineer": "ingeniero de datos|ingeniera de datos|engenheiro de dados|"
        "engenheira de dados|ingenieur de donnees|ingenieure de donnees|ingenieur donnees|"
        "ingegnere dei dati|dateningenieur|dateningenieurin",
        "data scientist": "cientifico de datos|cientifica de datos|cientista de dados",
        "data analyst": "analista de datos|analista de dados|analyste de donnees|datenanalyst|"
        "datenanalystin",
        "analyst": "analista|analyste|analyst|analystin",
        "consultant": "consultor|consultora|consultant|consultante|berater|beraterin|"
        "consulente|adviseur|konsultant",
        "social media manager": "community manager",
        "beekeeper": "apicultor|apicultora|apiculteur|apicultrice|imker|imkerin|apicoltore|"
        "apicoltrice|pszczelarz",
        "soldier": "soldado|soldat|soldatin|soldato|soldaat|zolnierz",
        "pilot": "piloto|pilote|pilot|pilotin|pilota|piloot",
        "flight attendant": "azafata|auxiliar de vuelo|comissario de bordo|comissaria de bordo|"
        "hotesse de l'air|steward|stewardess|flugbegleiter|flugbegleiterin|"
        "assistente di volo|hostess",
        "receptionist": "recepcionista|receptionniste|rezeptionist|rezeptionistin|"
        "receptionist|receptioniste|receptionista|recepcjonistka",
        "administrative assistant": "administrativo|administrativa|auxiliar administrativo|"
        "auxiliar administrativa|assistente administrativo|assistente administrativa|"
        "assistant administratif|assistante administrative|burokaufmann|burokauffrau|"
        "impiegato|impiegata|administratief medewerker",
        "civil servant": "funcionario|funcionaria|fonctionnaire|beamter|beamtin|"
        "dipendente pubblico|ambtenaar|urzednik|urzedniczka",
        "shop owner": "comerciante|tendero|tendera|commercant|commercante|ladenbesitzer|"
        "ladenbesitzerin|negoziante|winkelier",
    }
)

#: What a teacher teaches or a student studies.
SUBJECTS: Final = _table(
    {
        "maths": "matematicas|mates|matematica|matematicas|matematica|mathematiques|maths|math|"
        "mathe|mathematik|matematica|wiskunde|matematyka",
        "physics": "fisica|physique|physik|natuurkunde|fizyka",
        "chemistry": "quimica|chimie|chemie|chimica|scheikunde|chemia",
        "biology": "biologia|biologie|biologia",
        "history": "historia|historia|histoire|geschichte|storia|geschiedenis",
        "music": "musica|musique|musik|muziek|muzyka",
        "English": "ingles|anglais|englisch|inglese|engels|angielski",
        "Spanish": "espanol|castellano|espanhol|espagnol|spanisch|spagnolo|spaans",
        "French": "frances|frances|francais|franzosisch|francese|frans",
        "German": "aleman|alemao|allemand|deutsch|tedesco|duits",
        "art": "arte|arts plastiques|kunst|arte",
        "geography": "geografia|geographie|geografie",
        "computer science": "informatica|informatique|informatik|informatyka",
        "nursing": "enfermeria|enfermagem|soins infirmiers|pflege|infermieristica|verpleegkunde",
        "law": "derecho|direito|droit|jura|rechtswissenschaft|giurisprudenza|rechten|prawo",
        "medicine": "medicina|medecine|medizin|geneeskunde|medycyna",
        "economics": "economia|economie|wirtschaft|volkswirtschaft|economie|ekonomia",
        "philosophy": "filosofia|philosophie|filosofie|filozofia",
        "literature": "literatura|litterature|literatur|letteratura|literatuur",
        "psychology": "psicologia|psychologie|psicologia|psychologia",
        "physiotherapy": "fisioterapia|kinesitherapie|physiotherapie|fysiotherapie",
        "architecture": "arquitectura|arquitetura|architecture|architektur|architettura|"
        "architectuur",
        "engineering": "ingenieria|engenharia|ingenierie|ingenieurwesen|ingegneria",
        "PE": "educacion fisica|educacao fisica|eps|sport|sportunterricht|educazione fisica|"
        "lichamelijke opvoeding|gym",
        "primary school": "primaria|primario|ensino fundamental|primaire|grundschule|"
        "elementari|scuola primaria|basisschool",
    }
)

#: Languages, by their names in the six languages.
LANGUAGES: Final = _table(
    {
        "English": "ingles|anglais|englisch|inglese|engels|angielski|english|angielskiego",
        "Spanish": "espanol|castellano|espanhol|espagnol|spanisch|spagnolo|spaans|hiszpanski",
        "Portuguese": "portugues|portugais|portugiesisch|portoghese|portugees|portugalski",
        "French": "frances|francais|franzosisch|francese|frans|francuski",
        "German": "aleman|alemao|allemand|deutsch|tedesco|duits|niemiecki",
        "Italian": "italiano|italien|italienisch|italiaans|wloski",
        "Dutch": "neerlandes|holandes|neerlandais|hollandais|niederlandisch|hollandisch|"
        "olandese|nederlands|hollands|niderlandzki",
        "Catalan": "catalan|catala|catalao|katalanisch|catalano|catalaans",
        "Galician": "gallego|galego|galicien|galicisch|galiziano|galicisch",
        "Basque": "euskera|vasco|basco|basque|baskisch|basco",
        "Japanese": "japones|japonais|japanisch|giapponese|japans|japonski",
        "Chinese": "chino|mandarin|chines|chinois|chinesisch|cinese|chinees|chinski",
        "Korean": "coreano|coreen|koreanisch|koreaans|koreanski",
        "Arabic": "arabe|arabisch|arabo|arabski",
        "Russian": "ruso|russo|russe|russisch|russo|russisch|rosyjski",
        "Ukrainian": "ucraniano|ukrainien|ukrainisch|ucraino|oekraiens|ukrainski",
        "Polish": "polaco|polones|polonais|polnisch|polacco|pools|polski",
        "Turkish": "turco|turc|turkisch|turks|turecki",
        "Greek": "griego|grego|grec|griechisch|greco|grieks|grecki",
        "Croatian": "croata|croate|kroatisch|croato|kroatisch|chorwacki",
        "Serbian": "serbio|servio|serbe|serbisch|serbo|servisch|serbski",
        "Romanian": "rumano|romeno|roumain|rumanisch|rumeno|roemeens|rumunski",
        "Swedish": "sueco|suedois|schwedisch|svedese|zweeds|szwedzki",
        "Danish": "danes|dinamarques|danois|danisch|danese|deens|dunski",
        "Norwegian": "noruego|noruegues|norvegien|norwegisch|norvegese|noors|norweski",
        "Finnish": "finlandes|finnois|finnisch|finlandese|fins|finski",
        "Czech": "checo|tcheco|tcheque|tschechisch|ceco|tsjechisch|czeski",
        "Hungarian": "hungaro|hongrois|ungarisch|ungherese|hongaars|wegierski",
        "Hindi": "hindi",
        "Urdu": "urdu|ourdou",
        "Bengali": "bengali|bengalisch|bengalese",
        "Tamil": "tamil|tamoul",
        "Telugu": "telugu",
        "Kannada": "kannada",
        "Marathi": "marathi",
        "Punjabi": "punjabi|panjabi",
        "Hebrew": "hebreo|hebraico|hebreu|hebreu|hebraisch|ebraico|hebreeuws",
        "Persian": "persa|persan|persisch|persiano|perzisch|farsi",
        "Swahili": "suajili|swahili|suaili|souahili|suahili",
        "Quechua": "quechua|ketchua",
        "Tagalog": "tagalo|tagalog",
        "Vietnamese": "vietnamita|vietnamien|vietnamesisch|vietnamees",
        "Thai": "tailandes|thai|thailandais|thailandisch|tailandese|thais",
        "Indonesian": "indonesio|indonesio|indonesien|indonesisch|indonesiano",
        "Sign Language": "lengua de signos|lingua de sinais|langue des signes|gebardensprache|"
        "lingua dei segni|gebarentaal",
    }
)

#: Numbers a count is said with.
NUMBERS: Final = _table(
    {
        "one": "un|una|uno|um|uma|une|ein|eine|einen|een|ek|jeden|jedna",
        "two": "dos|dois|duas|deux|zwei|due|twee|do|dwa|dwie|dwoje",
        "three": "tres|trois|drei|tre|drie|teen|trzy|troje",
        "four": "cuatro|quatro|quatre|vier|quattro|char|cztery",
        "five": "cinco|cinq|funf|cinque|vijf|paanch|piec",
        "six": "seis|six|sechs|sei|zes|chhe|szesc",
    }
)

#: Animals people keep, singular and plural, with the English singular.
PETS: Final = _table(
    {
        "dog": "perro|perra|perros|perras|perrito|perrita|cao|caes|cachorro|cachorra|cachorros|"
        "cadela|cadelas|cachorrinho|cachorrinha|"
        "chien|chienne|chiens|hund|hunde|hundin|cane|cani|cagnolino|cagnolina|hond|honden|"
        "pies|psy|kutta",
        "cat": "gato|gata|gatos|gatas|gatito|gatita|chat|chatte|chats|katze|katzen|kater|gatto|"
        "gatta|gatti|gattino|kat|katten|poes|kot|koty|billi",
        "rabbit": "conejo|conejos|coelho|coelhos|lapin|lapins|kaninchen|coniglio|conigli|"
        "konijn|konijnen|krolik",
        "horse": "caballo|caballos|cavalo|cavalos|cheval|chevaux|pferd|pferde|cavallo|cavalli|"
        "paard|paarden|kon",
        "hamster": "hamster|hamsters|hamster|criceto|criceti|chomik",
        "parrot": "loro|loros|papagaio|papagaios|perroquet|perroquets|papagei|papageien|"
        "pappagallo|pappagalli|papegaai|papegaaien",
        "chicken": "gallina|gallinas|galinha|galinhas|poule|poules|huhn|huhner|galline|kip|kippen",
        "guinea pig": "cobaya|cobayas|porquinho-da-india|cochon d'inde|meerschweinchen|"
        "porcellino d'india|cavia|cavia's",
    }
)

#: Children, singular and plural, with the English word ("child" for a word of either sex).
KIN: Final = _table(
    {
        "daughter": "hija|hijas|filha|filhas|fille|filles|tochter|tochter|figlia|figlie|"
        "dochter|dochters|corka|corki|beti|betiyan",
        "son": "hijo|filho|fils|sohn|sohne|figlio|zoon|zonen|syn|synowie|beta|bete",
        "child": "hijos|ninos|ninas|filhos|criancas|enfants|kinder|kind|figli|bambini|bambine|"
        "kinderen|kids|dzieci|dziecko|bachche|bacche|bachcha",
        "grandchild": "nietos|nietas|nieto|nieta|netos|neto|neta|petits-enfants|enkel|enkelin|"
        "enkelkinder|nipoti|nipote|kleinkinderen|kleinkind|wnuki",
    }
)

#: Diets one is, with the English adjective.
DIETS: Final = _table(
    {
        "vegetarian": "vegetariano|vegetariana|vegetarien|vegetarienne|vegetarier|vegetarierin|"
        "vegetarisch|vegetarier|vegetarian|wegetarianin|wegetarianka",
        "vegan": "vegano|vegana|vegan|vegane|veganer|veganerin|vegetalien|vegetalienne|"
        "veganist|weganin|weganka",
        "pescatarian": "pescetariano|pescetariana|pescatariano|pescatariana|pescetarien|"
        "pescetarienne|pescetarier|pescetarierin|pescetarisch|pescotariër",
        "coeliac": "celiaco|celiaca|coeliaque|zoliakie|zoliakiekranker|celiachia|coeliakie",
    }
)

#: Foods one does not eat.
FOODS: Final = _table(
    {
        "red meat": "carne roja|carne vermelha|viande rouge|rotes fleisch|carne rossa|rood vlees",
        "meat": "carne|viande|fleisch|vlees|mieso",
        "fish": "pescado|peixe|poisson|fisch|pesce|vis|ryby",
        "pork": "carne de cerdo|viande de porc|carne di maiale|cerdo|porco|carne de porco|"
        "porc|schweinefleisch|schwein|maiale|varkensvlees|wieprzowina",
        "gluten": "gluten|glutem|glutine",
        "dairy": "lacteos|laticinios|produits laitiers|laitages|milchprodukte|latticini|zuivel",
        "seafood": "marisco|mariscos|frutos do mar|fruits de mer|meeresfruchte|frutti di mare|"
        "zeevruchten",
        "eggs": "huevos|ovos|oeufs|eier|uova|eieren",
    }
)

#: Instruments and sports one plays, with the English word as it follows "plays".
PLAYED: Final = _table(
    {
        "the piano": "piano|pianoforte|klavier|fortepian",
        "the guitar": "guitarra|violao|guitare|gitarre|chitarra|gitaar|gitara",
        "the classical guitar": "guitarra clasica|violao classico|guitare classique|"
        "klassische gitarre|konzertgitarre|chitarra classica|klassieke gitaar",
        "the violin": "violin|violino|violon|geige|violine|viool|skrzypce",
        "the cello": "violonchelo|chelo|violoncelo|violoncelle|cello|violoncello|wiolonczela",
        "the drums": "bateria|batterie|schlagzeug|batteria|drums|drumstel|perkusja",
        "the flute": "flauta|flute|flote|querflote|flauto|fluit|flet",
        "the saxophone": "saxofon|saxofone|saxophone|saxophon|sassofono|saxofoon|saksofon",
        "the trumpet": "trompeta|trompete|trompette|tromba|trompet|trabka",
        "the bass": "bajo|baixo|basse|bass|e-bass|basso|basgitaar",
        "the accordion": "acordeon|acordeao|sanfona|accordeon|akkordeon|fisarmonica|akordeon",
        "the organ": "organo|orgao|orgue|orgel|organy",
        "the harp": "arpa|harpa|harpe|harfe|harp",
        "football": "futbol|futebol|foot|football|fussball|calcio|voetbal|pilka nozna|pilke nozna",
        "tennis": "tenis|tenis|tennis",
        "padel": "padel|padel tennis",
        "basketball": "baloncesto|basquet|basquete|basket|basketball|pallacanestro|koszykowka",
        "volleyball": "voleibol|voley|volei|volley|volleyball|pallavolo|volleybal|siatkowka",
        "handball": "balonmano|handebol|andebol|handball|pallamano|handbal",
        "chess": "ajedrez|xadrez|echecs|schach|scacchi|schaken|szachy",
        "golf": "golf",
        "badminton": "badminton|badminton",
        "hockey": "hockey|hoquei|eishockey|hockey su ghiaccio",
        "rugby": "rugby|rugbi",
    }
)

#: Places one works at, with the English noun.
WORKPLACES: Final = _table(
    {
        "hospital": "hospital|hopital|krankenhaus|klinikum|klinik|ospedale|ziekenhuis|szpital",
        "bank": "banco|banque|bank|banca",
        "school": "escuela|colegio|escola|ecole|schule|scuola|school|szkola",
        "secondary school": "instituto|liceo|lycee|college|gymnasium|realschule|gesamtschule|"
        "scuola media|scuola superiore|middelbare school|liceum",
        "university": "universidad|universidade|faculdade|universite|fac|universitat|uni|"
        "hochschule|universita|universiteit|hogeschool|uczelnia",
        "restaurant": "restaurante|restaurant|ristorante|trattoria|restauracja",
        "pharmacy": "farmacia|pharmacie|apotheke|apotheek|apteka",
        "factory": "fabrica|usine|fabrik|fabbrica|fabriek|fabryka",
        "shop": "tienda|loja|magasin|boutique|laden|geschaft|negozio|winkel|sklep",
        "supermarket": "supermercado|supermarche|supermarkt|supermercato|supermarket",
        "care home": "residencia de mayores|residencia|lar de idosos|ehpad|maison de retraite|"
        "altenheim|pflegeheim|seniorenheim|casa di riposo|rsa|verpleeghuis|verzorgingshuis",
        "nursery": "guarderia|creche|kita|kindergarten|asilo nido|asilo|kinderdagverblijf|"
        "kinderopvang|przedszkole",
        "hotel": "hotel|hotel|albergo",
        "law firm": "bufete|despacho de abogados|escritorio de advocacia|cabinet d'avocats|"
        "anwaltskanzlei|kanzlei|studio legale|advocatenkantoor",
        "startup": "startup|start-up",
        "bakery": "panaderia|padaria|boulangerie|backerei|panetteria|panificio|bakkerij|piekarnia",
        "warehouse": "almacen|armazem|entrepot|lager|magazzino|magazijn|magazyn",
        "clinic": "clinica|clinique|praxis|clinica|kliniek|przychodnia",
        "call centre": "call center|centro de llamadas|centre d'appels|callcenter",
    }
)

#: What one is allergic to.
ALLERGENS: Final = _table(
    {
        "peanuts": "cacahuete|cacahuetes|mani|amendoim|amendoins|arachide|arachides|cacahuete|"
        "cacahouete|cacahouetes|erdnuss|erdnusse|arachidi|pinda|pindas|orzeszki ziemne",
        "nuts": "frutos secos|nueces|nozes|castanhas|fruits a coque|noix|nusse|nussen|"
        "frutta a guscio|noci|noten|orzechy",
        "shellfish": "marisco|mariscos|frutos do mar|marisco|crustaceos|fruits de mer|crustaces|"
        "meeresfruchte|schalentiere|krustentiere|frutti di mare|crostacei|schaaldieren",
        "eggs": "huevo|huevos|ovo|ovos|oeufs|oeuf|eier|ei|uova|uovo|eieren",
        "milk": "leche|leite|lait|milch|latte|melk",
        "gluten": "gluten|glutem|glutine",
        "penicillin": "penicilina|penicillina|penicilline|penizillin|penicyline",
        "cats": "gatos|gatos|chats|katzen|gatti|katten|koty",
        "dogs": "perros|caes|chiens|hunde|cani|honden|psy",
        "pollen": "polen|polen|pollen|pollen|polline|stuifmeel|pylki",
        "bee stings": "picaduras de abeja|picadas de abelha|piqures d'abeille|bienenstiche|"
        "punture d'ape",
        "dust mites": "acaros|acaros do po|acariens|hausstaubmilben|acari|huisstofmijt",
        "latex": "latex|lattice",
    }
)

#: German nouns after "bei" that say when or how, not where one works ("ich arbeite bei
#: Bedarf", "bei Regen"): a regular expression's alternation.
NOT_EMPLOYERS: Final = (
    r"Bedarf|Regen|Gelegenheit|Tag|Nacht|Hitze|K[äa]lte|Sonne|Wind|Schnee|Laune|Lust|"
    r"Interesse|Fragen|Problemen|Zeit|Bedarfsfall|Vollmond|Licht"
)
