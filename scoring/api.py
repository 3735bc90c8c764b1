from ninja import NinjaAPI

api = NinjaAPI(title="Tapete API", version="1")
