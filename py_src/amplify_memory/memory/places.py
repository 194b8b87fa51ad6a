"""Places people say they live in, named bare: "Rotterdam.", "CPA in Denver, Colorado",
"staff data scientist, R for stats, Toronto".

A place said alone in a list about the user is where the user is based, and never a
product the user uses ("User uses Toronto"). :func:`is_place` knows the countries, the
states and provinces of the larger federations, and the world's large and well-known
cities, by their English names (a gloss turns "Milano" into "Milan" first). The list is
written out here, not fetched: it is small, and a name missing from it is only a fact
not stored.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

__all__ = ["is_place", "is_region"]

_COUNTRIES: Final = """
afghanistan albania algeria andorra angola argentina armenia australia austria azerbaijan
bahamas bahrain bangladesh barbados belarus belgium belize benin bhutan bolivia bosnia
botswana brazil brunei bulgaria burkina cambodia cameroon canada  chile china colombia
congo costa-rica croatia cuba cyprus czechia czech-republic denmark djibouti dominica
ecuador egypt el-salvador england eritrea estonia eswatini ethiopia fiji finland france
gabon gambia  germany ghana greece grenada guatemala guinea guyana haiti honduras
hong-kong hungary iceland india indonesia iran iraq ireland israel italy jamaica japan
 kazakhstan kenya kosovo kuwait kyrgyzstan laos latvia lebanon lesotho liberia libya
liechtenstein lithuania luxembourg madagascar malawi malaysia maldives mali malta mauritius
mexico moldova monaco mongolia montenegro morocco mozambique myanmar namibia nepal
netherlands holland new-zealand nicaragua niger nigeria north-macedonia northern-ireland
norway oman pakistan palestine panama paraguay peru philippines poland portugal qatar
romania russia rwanda samoa san-marino saudi-arabia scotland senegal serbia seychelles
sierra-leone singapore slovakia slovenia somalia south-africa south-korea korea spain
sri-lanka sudan suriname sweden switzerland syria taiwan tajikistan tanzania thailand togo
tonga trinidad tunisia  turkiye turkmenistan uganda ukraine uae
united-arab-emirates uk united-kingdom usa  united-states uruguay uzbekistan vanuatu
venezuela vietnam wales yemen zambia zimbabwe puerto-rico greenland
"""
_REGIONS: Final = """
alabama alaska arizona arkansas california colorado connecticut delaware florida
hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts
michigan minnesota mississippi missouri montana nebraska nevada new-hampshire new-jersey
new-mexico new-york north-carolina north-dakota ohio oklahoma oregon pennsylvania
rhode-island south-carolina south-dakota tennessee texas utah vermont virginia washington
west-virginia wisconsin wyoming alberta british-columbia manitoba new-brunswick
newfoundland nova-scotia ontario quebec saskatchewan yukon new-south-wales queensland
 tasmania bavaria saxony catalonia andalusia galicia basque-country
tuscany sicily sardinia lombardy brittany normandy provence flanders wallonia friesland
cornwall devon yorkshire kent essex norfolk suffolk surrey sussex lancashire cumbria
wiltshire dorset somerset cheshire shropshire herefordshire gloucestershire oxfordshire
hampshire berkshire midlands highlands bay-area silicon-valley
"""
_CITIES: Final = """
gateshead sunderland bournemouth cheltenham gloucester stockport salford wolverhampton
peterborough ipswich colchester chelmsford luton milton-keynes canterbury valparaiso
valparaíso porto-alegre linz girona lüneburg luneburg mysore mysuru gold-coast
london manchester birmingham leeds liverpool bristol sheffield newcastle nottingham
leicester glasgow edinburgh cardiff belfast brighton oxford cambridge york  exeter
plymouth southampton portsmouth norwich aberdeen dundee inverness swansea coventry
dublin cork galway limerick paris lyon marseille toulouse  nantes bordeaux lille
strasbourg montpellier rennes grenoble berlin hamburg munich cologne frankfurt stuttgart
dusseldorf düsseldorf leipzig dresden hanover hannover nuremberg bremen bonn heidelberg
freiburg karlsruhe münster muenster vienna graz salzburg innsbruck zurich zürich geneva
basel bern lausanne amsterdam rotterdam utrecht eindhoven the-hague groningen leiden delft
haarlem brussels antwerp ghent bruges leuven  copenhagen aarhus odense stockholm
gothenburg malmo malmö uppsala oslo bergen trondheim stavanger helsinki tampere turku
espoo reykjavik madrid barcelona valencia seville sevilla bilbao malaga málaga zaragoza
granada palma alicante murcia lisbon porto braga coimbra faro rome milan naples turin
 bologna venice genoa palermo verona pisa bari catania trieste athens thessaloniki
warsaw krakow kraków wroclaw wrocław gdansk gdańsk poznan poznań lodz łódź prague brno
bratislava budapest bucharest cluj sofia belgrade zagreb ljubljana sarajevo tallinn riga
vilnius kyiv kiev lviv odesa odessa kharkiv minsk moscow st-petersburg istanbul ankara
izmir antalya tel-aviv jerusalem haifa beirut amman cairo alexandria dubai abu-dhabi doha
riyadh jeddah kuwait-city muscat tehran baghdad casablanca marrakech rabat tunis algiers
lagos abuja accra nairobi mombasa kampala kigali addis-ababa dar-es-salaam johannesburg
cape-town durban pretoria harare lusaka luanda dakar  new-york-city nyc brooklyn
manhattan queens the-bronx boston chicago los-angeles  san-francisco sf seattle portland
denver  dallas houston san-antonio  tucson las-vegas salt-lake-city
san-diego san-jose sacramento oakland atlanta miami orlando tampa jacksonville
raleigh durham nashville memphis new-orleans detroit minneapolis milwaukee cleveland
 cincinnati pittsburgh philadelphia baltimore washington-dc dc richmond
st-louis kansas-city omaha albuquerque el-paso boise spokane anchorage honolulu
indianapolis louisville  rochester syracuse albany hartford  burlington
 des-moines tulsa oklahoma-city little-rock birmingham-al charleston
scottsdale tempe  fort-worth plano boulder santa-fe ann-arbor toronto montreal
montréal vancouver calgary edmonton ottawa winnipeg quebec-city halifax victoria-bc
saskatoon   kitchener waterloo london-ontario mexico-city guadalajara
monterrey cancun tijuana puebla oaxaca havana san-juan bogota bogotá medellin medellín
cali cartagena quito guayaquil lima cusco la-paz santiago valparaiso buenos-aires cordoba
córdoba rosario mendoza montevideo asuncion caracas sao-paulo são-paulo rio rio-de-janeiro
brasilia brasília belo-horizonte curitiba porto-alegre recife salvador fortaleza
florianopolis florianópolis manaus tokyo osaka kyoto yokohama nagoya sapporo fukuoka kobe
seoul busan incheon beijing shanghai shenzhen guangzhou chengdu hangzhou wuhan xian
nanjing  taipei kaohsiung  kuala-lumpur penang jakarta bali bandung
surabaya manila cebu bangkok chiang-mai phuket hanoi ho-chi-minh-city saigon da-nang
phnom-penh yangon dhaka chittagong kathmandu colombo karachi lahore islamabad delhi
new-delhi mumbai bangalore bengaluru chennai hyderabad kolkata pune ahmedabad jaipur
kochi goa sydney melbourne brisbane perth adelaide canberra hobart darwin gold-coast
auckland wellington christchurch dunedin
"""


@lru_cache(maxsize=2)
def _names(regions_only: bool = False) -> frozenset[str]:
    words = (_COUNTRIES + _REGIONS + ("" if regions_only else _CITIES)).split()
    return frozenset(w.replace("-", " ") for w in words)


def is_region(name: str) -> bool:
    """True for a country, a state or a province ("Ohio", "Canada"): what may follow a
    city after a comma ("Denver, Colorado")."""
    return name.strip(" .").casefold() in _names(regions_only=True)


def is_place(name: str) -> bool:
    """True for a country, a state or province, or a large city by its English name,
    in any case ("Rotterdam", "new york", "Denver, Colorado": each part a place).

    >>> is_place("Rotterdam"), is_place("Denver, Colorado"), is_place("Toronto"), is_place("React")
    (True, True, True, False)
    """
    parts = [p.strip(" .").casefold() for p in name.split(",")]
    return bool(parts) and all(p in _names() for p in parts if p) and any(parts)
