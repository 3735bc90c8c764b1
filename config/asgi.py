import os

from django.core.asgi import get_asgi_application

from config.serving import refuse_without_secret_key

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()
refuse_without_secret_key()
